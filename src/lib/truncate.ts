import { ADDRESS_TRUNCATE_CHARS, HOUSE_TRUNCATE_CHARS } from '../api/constants.ts';
import type { UserAddress } from '../api/entities.ts';

/** Cuts `text` to `limit` characters and adds '…' only when something was cut. */
export function truncateWithEllipsis(text: string, limit: number): string {
  // Array.from counts code points, so an emoji or Arabic letter is never split in half.
  const characters = Array.from(text.trim());
  if (characters.length <= limit) return characters.join('');
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}

export interface HeaderAddress {
  tag: string;
  house: string | null;
  address: string;
}

/** The header's view of the current address (spec §5: house 20, address 25 characters). */
export function formatHeaderAddress(
  address: Pick<UserAddress, 'address' | 'house' | 'tag'>,
  defaultTag: string,
): HeaderAddress {
  const tag = address.tag?.trim() ? address.tag.trim() : defaultTag;
  const house = address.house?.trim() ? truncateWithEllipsis(address.house, HOUSE_TRUNCATE_CHARS) : null;
  return { tag, house, address: truncateWithEllipsis(address.address, ADDRESS_TRUNCATE_CHARS) };
}
