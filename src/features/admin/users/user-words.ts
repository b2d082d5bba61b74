/** A role in words. */
import type { UserRoleName } from '../../../api/account/limits.ts';
import type { TextKey } from '../../../api/language/texts.ts';

export const ROLE_TEXT: Record<UserRoleName, TextKey> = {
  customer: 'consoleRoleCustomer',
  driver: 'consoleRoleDriver',
  store_owner: 'consoleRoleStoreOwner',
  agent: 'consoleRoleAgent',
  admin: 'consoleRoleAdmin',
};
