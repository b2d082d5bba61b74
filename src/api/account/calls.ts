/**
 * The account calls of spec §7: sign-in (password, one-time code), sign-up,
 * password reset, the account, wallet and alert screens, push tokens and
 * the call centre. Spread into the one call table in calls.ts.
 *
 * Calls that act on a user take the token (`token`, or `Authorization:
 * Bearer`); where the spec also sends `user_id`, it must be the token's
 * user (403 FORBIDDEN otherwise). Fields the spec sends but an empty string
 * means "not given". Formats are checked by the server with specific codes
 * (INVALID_EMAIL, INVALID_PHONE, PASSWORD_TOO_SHORT…), not by the schema, so
 * the app can say exactly what is wrong.
 */
import * as Type from '@sinclair/typebox';
import {
  AVATAR_MAX_BYTES,
  AccountSchema,
  AddressInputSchema,
  AgentSessionResultSchema,
  CustomerMatchesSchema,
  BanStatusSchema,
  CodeSentSchema,
  LoginCodeSentSchema,
  LoginResultSchema,
  MarkedReadSchema,
  NotificationSchema,
  NOTIFICATIONS_LIMIT,
  ONE_TIME_CODE_LIFETIME_SECONDS,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  PERSON_NAME_MAX_LENGTH,
  RunningOrderCheckSchema,
  SuccessSchema,
  UserInfoSchema,
  WalletSchema,
} from './entities.ts';

const strict = { additionalProperties: false } as const;
/** As in calls.ts: the spec's `token` field, optional because `Authorization: Bearer` works instead. */
const Token = Type.Optional(Type.String({ minLength: 1, maxLength: 200 }));
const UserId = Type.Integer({ minimum: 1 });
// Required fields must not be empty; optional ones may be '' (not given).
const Email = Type.String({ minLength: 1, maxLength: 254 });
const Phone = Type.String({ minLength: 1, maxLength: 32 });
const Password = Type.String({ minLength: 1, maxLength: 200 });
const Name = Type.String({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH });
const Code = Type.String({ minLength: 1, maxLength: 12 });
const MaybeEmail = Type.Optional(Type.String({ maxLength: 254 }));
const MaybePhone = Type.Optional(Type.String({ maxLength: 32 }));
const MaybePassword = Type.Optional(Type.String({ maxLength: 200 }));
const MaybeName = Type.Optional(Type.String({ maxLength: 100 }));
const MaybeCode = Type.Optional(Type.String({ maxLength: 12 }));
const messageBudget =
  'Every call that sends a code counts, whatever the outcome: at most 5 per phone or e-mail address within 15 minutes and 20 per caller address within an hour (RATE_LIMITED 429, with Retry-After).';
const codeRules = `Codes expire after ${ONE_TIME_CODE_LIFETIME_SECONDS / 60} minutes, work once, and burn after ${ONE_TIME_CODE_MAX_ATTEMPTS} wrong tries.`;
/** Base64 of AVATAR_MAX_BYTES is 4/3 as long; room for a data-URL prefix and a little more, so a too-large image gets IMAGE_TOO_LARGE. */
const AVATAR_MAX_CHARS = Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 1024 * 1024;
const AccountResult = Type.Object({ success: Type.Literal(true), data: AccountSchema });

export const accountCalls = {
  login: {
    access: 'anyone',
    summary:
      'Signs in with e-mail (or phone) and password, or with phone and otp (as login-with-otp); answers the user and a new auth_token. ' +
      'An unknown account and a wrong password are both WRONG_PASSWORD (401); 5 wrong passwords or codes within 15 minutes lock the ' +
      "account's sign-in at every door for 15 minutes (ACCOUNT_LOCKED 429, with Retry-After; a password reset unlocks it), and 50 " +
      'failed sign-ins within 15 minutes from one address are a 429 RATE_LIMITED. ' +
      'provider/accessToken (social sign-in) answer PROVIDER_NOT_SUPPORTED. Rate limited.',
    body: Type.Object(
      {
        email: MaybeEmail,
        password: MaybePassword,
        phone: MaybePhone,
        otp: MaybeCode,
        name: MaybeName,
        address: Type.Optional(AddressInputSchema),
        accessToken: Type.Optional(Type.String({ maxLength: 4096 })),
        provider: Type.Optional(Type.String({ maxLength: 40 })),
      },
      strict,
    ),
    response: LoginResultSchema,
  },
  register: {
    access: 'anyone',
    summary:
      'Creates a customer account and signs it in. With otp (from send-otp) the phone is marked verified; address becomes the first saved address. ' +
      'EMAIL_TAKEN, PHONE_TAKEN, INVALID_EMAIL, INVALID_PHONE, PASSWORD_TOO_SHORT. Rate limited.',
    body: Type.Object(
      {
        name: Name,
        email: Email,
        phone: MaybePhone,
        password: Password,
        address: Type.Optional(AddressInputSchema),
        otp: MaybeCode,
      },
      strict,
    ),
    response: LoginResultSchema,
  },
  'generate-otp-for-login': {
    access: 'anyone',
    summary: `Texts a sign-in code to the phone; registered says whether the phone has an account (if not, login-with-otp needs name and email). Customers only: a staff phone is answered alike but gets a text saying staff sign in with their password, and no code. ${codeRules} ${messageBudget}`,
    body: Type.Object({ phone: Phone, email: MaybeEmail, name: MaybeName }, strict),
    response: LoginCodeSentSchema,
  },
  'login-with-otp': {
    access: 'anyone',
    summary:
      'Signs in with the code from generate-otp-for-login; a phone without an account gets a new customer account from name and email (DETAILS_REQUIRED without them). ' +
      'A wrong, used-up or missing code counts as a wrong try of the phone\'s account, as a wrong password does at login (ACCOUNT_LOCKED). Rate limited.',
    body: Type.Object(
      {
        phone: Phone,
        otp: Code,
        name: MaybeName,
        email: MaybeEmail,
        address: Type.Optional(AddressInputSchema),
      },
      strict,
    ),
    response: LoginResultSchema,
  },
  'send-otp': {
    access: 'anyone',
    summary: `Texts a code that confirms the phone before registering or before update-user-info changes an account's phone (EMAIL_TAKEN or PHONE_TAKEN when either is in use). Without a phone, e-mails the code to the e-mail instead (EMAIL_TAKEN when it is in use), for update-user-info to change an account's e-mail; with neither, VALIDATION_FAILED. accessToken and provider are accepted and ignored. ${codeRules} ${messageBudget}`,
    body: Type.Object(
      {
        phone: MaybePhone,
        email: MaybeEmail,
        accessToken: Type.Optional(Type.String({ maxLength: 4096 })),
        provider: Type.Optional(Type.String({ maxLength: 40 })),
      },
      strict,
    ),
    response: CodeSentSchema,
  },
  'verify-otp': {
    access: 'anyone',
    summary: 'Checks the code from send-otp (CODE_WRONG, CODE_EXPIRED, TOO_MANY_ATTEMPTS); register then takes the same code once. Rate limited.',
    body: Type.Object({ phone: Phone, otp: Code }, strict),
    response: SuccessSchema,
  },
  'send-password-reset-mail': {
    access: 'anyone',
    summary: `E-mails a password-reset code to the account with this address. An address without an account (or a banned one) gets the same answer and no mail. ${codeRules} ${messageBudget}`,
    body: Type.Object({ email: Email }, strict),
    response: CodeSentSchema,
  },
  'verify-password-reset-otp': {
    access: 'anyone',
    summary: 'Checks the reset code before the app asks for the new password. Rate limited.',
    body: Type.Object({ email: Email, code: Code }, strict),
    response: SuccessSchema,
  },
  'change-user-password': {
    access: 'anyone',
    summary: 'Sets a new password with the reset code (used up), signs out every session and answers a new one. Rate limited.',
    body: Type.Object({ email: Email, code: Code, password: Password }, strict),
    response: LoginResultSchema,
  },
  'check-ban': {
    access: 'user-even-banned',
    summary: "Whether the token's user is banned (every other call refuses a banned user's token with 403 ACCOUNT_BANNED).",
    body: Type.Object({ token: Token }, strict),
    response: BanStatusSchema,
  },
  'update-user-info': {
    access: 'self',
    summary:
      "The fresh account with its wallet balance; with unique_order_id, that order's state (null until ordering exists). " +
      'With name, email or phone it first changes them (FoodPilot extension): a name is saved as sent (trimmed, spaces collapsed; empty is DETAILS_REQUIRED). ' +
      'A new e-mail or phone is saved only with otp, the code send-otp sent to that new address or number (CODE_REQUIRED without one; CODE_WRONG, CODE_EXPIRED, TOO_MANY_ATTEMPTS as verify-otp); ' +
      'EMAIL_TAKEN or PHONE_TAKEN when another account has it; a new phone is saved verified. One new contact per call (both at once: VALIDATION_FAILED); the account\'s own e-mail or phone sent again needs no code.',
    body: Type.Object(
      {
        token: Token,
        user_id: UserId,
        unique_order_id: Type.Optional(Type.String({ maxLength: 64 })),
        name: Type.Optional(Type.String({ maxLength: PERSON_NAME_MAX_LENGTH })),
        email: MaybeEmail,
        phone: MaybePhone,
        otp: MaybeCode,
      },
      strict,
    ),
    response: UserInfoSchema,
  },
  'check-running-order': {
    access: 'self',
    summary: "The user's order still on its way, if any ({running: false, order: null} until ordering exists).",
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: RunningOrderCheckSchema,
  },
  'delete-user': {
    access: 'self',
    summary:
      "Deletes the account: personal data is erased at once and every session ends; orders and the wallet ledger keep an anonymous row. Not allowed to an agent acting for the customer.",
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: SuccessSchema,
  },
  'change-avatar': {
    access: 'user',
    summary: `A new profile picture: a data URL or base64 of a PNG, JPEG or WebP (by its bytes) of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB (IMAGE_TYPE, IMAGE_TOO_LARGE), stored re-encoded (pixels only; INVALID_IMAGE when unreadable, UPLOAD_QUOTA_EXCEEDED past the account's storage quota).`,
    body: Type.Object({ token: Token, avatar: Type.String({ minLength: 1, maxLength: AVATAR_MAX_CHARS }) }, strict),
    response: AccountResult,
  },
  'update-tax-number': {
    access: 'user',
    summary: 'Sets the tax number shown on invoices (letters, digits, spaces, . - /; at most 40); an empty string clears it (INVALID_TAX_NUMBER).',
    body: Type.Object({ token: Token, tax_number: Type.String({ maxLength: 64 }) }, strict),
    response: AccountResult,
  },
  'get-wallet-transactions': {
    access: 'self',
    summary: 'The wallet balance and its ledger, newest first (integer minor units).',
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: WalletSchema,
  },
  'get-user-notifications': {
    access: 'self',
    summary: `The user's alerts, newest first (at most ${NOTIFICATIONS_LIMIT}).`,
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: Type.Array(NotificationSchema),
  },
  'mark-all-notifications-read': {
    access: 'self',
    summary: "Marks every alert of the user read; updated is how many were unread.",
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: MarkedReadSchema,
  },
  'mark-one-notification-read': {
    access: 'self',
    summary: "Marks one of the user's alerts read and answers it (NOT_FOUND for another user's alert).",
    body: Type.Object({ token: Token, user_id: UserId, notification_id: Type.Integer({ minimum: 1 }) }, strict),
    response: NotificationSchema,
  },
  logout: {
    access: 'anyone',
    summary:
      "Ends this session on the server: its token stops working, and the device's push token, when sent, stops receiving the user's alerts. Answers success for a session that already ended.",
    body: Type.Object({ token: Token, push_token: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })) }, strict),
    response: SuccessSchema,
  },
  'save-notification-token': {
    access: 'self',
    summary: "Saves the device's push token for the user (a token moves to the user who saved it last).",
    body: Type.Object(
      { token: Token, user_id: UserId, push_token: Type.String({ minLength: 1, maxLength: 1024 }) },
      strict,
    ),
    response: SuccessSchema,
  },
  'login-as-customer': {
    access: 'agent',
    summary:
      "Call-centre agents only: a session for the customer (carrying the agent's id, recorded in the audit) and the customer's addresses.",
    body: Type.Object({ token: Token, user_id: UserId }, strict),
    response: AgentSessionResultSchema,
  },
  'search-customers': {
    access: 'agent',
    summary:
      "Call-centre agents only: customers whose phone (typed in any format), name or e-mail contains the query, best matches first, at most 20. Staff accounts are never listed.",
    body: Type.Object({ token: Token, query: Type.String({ minLength: 2, maxLength: 100 }) }, strict),
    response: CustomerMatchesSchema,
  },
  'register-guest-user': {
    access: 'agent',
    summary:
      "Call-centre agents only: creates a customer from name and phone (email and password optional) and answers the agent's session for them.",
    body: Type.Object(
      {
        token: Token,
        name: Name,
        phone: Phone,
        email: MaybeEmail,
        password: MaybePassword,
      },
      strict,
    ),
    response: AgentSessionResultSchema,
  },
} as const;
