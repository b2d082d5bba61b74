/**
 * The accounts' plain limits, apart from their TypeBox schemas
 * (account/entities.ts re-exports them): the UI's forms import these without
 * pulling the schema builders into the page's bundle.
 */

export const USER_ROLE_NAMES = ['customer', 'driver', 'store_owner', 'agent', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLE_NAMES)[number];

/** How long a one-time code (login, phone check, password reset) lives, and how many wrong tries burn it. */
export const ONE_TIME_CODE_LIFETIME_SECONDS = 10 * 60;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** Codes are this many digits. */
export const ONE_TIME_CODE_DIGITS = 6;
/** A person's name (sign-up, a guest, a staff account): at most this many characters. */
export const PERSON_NAME_MAX_LENGTH = 100;
/** Registration and password changes refuse shorter passwords (PASSWORD_TOO_SHORT). */
export const PASSWORD_MIN_LENGTH = 8;
/** change-avatar: the decoded image at most (IMAGE_TOO_LARGE), PNG, JPEG or WebP (IMAGE_TYPE). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What a wallet entry was for. Ordering adds its entries with these types; a driver's earnings are delivery_commission and delivery_tip (driver/limits.ts). */
export const WALLET_ENTRY_TYPES = [
  'welcome',
  'top_up',
  'order_payment',
  'order_refund',
  'cashback',
  'adjustment',
  'delivery_commission',
  'delivery_tip',
] as const;
export type WalletEntryType = (typeof WALLET_ENTRY_TYPES)[number];

/** get-user-notifications answers at most this many, newest first. */
export const NOTIFICATIONS_LIMIT = 100;

export const DEV_OUTBOX_PATH = '/public/api/dev/outbox';
export const OUTBOX_CHANNELS = ['sms', 'email', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
