/**
 * Accounts (spec §3 User, §7 account calls): the signed-in user, sessions,
 * saved addresses, the wallet ledger, alerts, one-time codes and the
 * development outbox. Money is integer minor units; times are ISO-8601 UTC.
 */
import * as Type from '@sinclair/typebox';
import type { Static, TSchema } from '@sinclair/typebox';

import { OUTBOX_CHANNELS, USER_ROLE_NAMES, WALLET_ENTRY_TYPES } from './limits.ts';

export * from './limits.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const UserRoleSchema = Type.Union(USER_ROLE_NAMES.map((role) => Type.Literal(role)));


/** A user as the account screens show it (spec §3 User's other fields). */
export const AccountSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  /** True once the phone was confirmed with a code (verify-otp, login-with-otp, or register with otp). */
  phone_verified: Type.Boolean(),
  role: UserRoleSchema,
  /** An image path under /public/images/avatars/, or null for the default picture. */
  avatar: Nullable(Type.String()),
  tax_number: Nullable(Type.String()),
  /** Integer minor units; always the balance_after of the newest wallet transaction (0 without any). */
  wallet_balance: Type.Integer(),
  /** Loyalty points held now (credited when an order is delivered, spent at checkout); optional for answers from before. */
  loyalty_points: Type.Optional(Type.Integer()),
  created_at: Type.String(),
});
export type Account = Static<typeof AccountSchema>;

/** A session: the account plus its new token (spec §3: `{success, data: {id, auth_token, ...}}`). */
export const SignedInUserSchema = Type.Composite([
  AccountSchema,
  Type.Object({
    /** Send it back as `token` or `Authorization: Bearer`. */
    auth_token: Type.String(),
    /** Set when a call-centre agent holds this session for the customer (login-as-customer, register-guest-user). */
    acting_agent_id: Nullable(Type.Integer()),
  }),
]);
export type SignedInUser = Static<typeof SignedInUserSchema>;

/** The session after login, registration, an OTP login or a password change. */
export const LoginResultSchema = Type.Object({ success: Type.Literal(true), data: SignedInUserSchema });
export type LoginResult = Static<typeof LoginResultSchema>;

/** The address a request may carry (spec §3 user address kept locally); it becomes a saved address. */
export const AddressInputSchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    address: Type.String({ minLength: 1, maxLength: 500 }),
    house: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    tag: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    businessLocation: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AddressInput = Static<typeof AddressInputSchema>;

/** A saved address of a user. */
export const AddressSchema = Type.Object({
  id: Type.Integer(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  address: Type.String(),
  house: Nullable(Type.String()),
  tag: Nullable(Type.String()),
  is_default: Type.Boolean(),
});
export type Address = Static<typeof AddressSchema>;

/** What a call-centre agent gets for a customer: the customer's session (carrying the agent's id) and addresses. */
export const AgentSessionResultSchema = Type.Object({
  success: Type.Literal(true),
  data: SignedInUserSchema,
  addresses: Type.Array(AddressSchema),
});
export type AgentSessionResult = Static<typeof AgentSessionResultSchema>;

/** A customer as a call-centre agent finds them: enough to tell two people apart on the phone. */
export const CustomerMatchSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Nullable(Type.String()),
  email: Type.String(),
  /** Saved addresses, so the agent knows whether to ask for one. */
  address_count: Type.Integer(),
});
export type CustomerMatch = Static<typeof CustomerMatchSchema>;

export const CustomerMatchesSchema = Type.Object({ customers: Type.Array(CustomerMatchSchema) });
export type CustomerMatches = Static<typeof CustomerMatchesSchema>;

export const SuccessSchema = Type.Object({ success: Type.Literal(true) });
export type Success = Static<typeof SuccessSchema>;

/** A code was sent (never the code itself): it lives this long. */
export const CodeSentSchema = Type.Object({
  success: Type.Literal(true),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email')]),
  expires_in_seconds: Type.Integer(),
});
export type CodeSent = Static<typeof CodeSentSchema>;

/** generate-otp-for-login: also says whether the phone has an account, so the app asks a newcomer for name and e-mail. */
export const LoginCodeSentSchema = Type.Composite([CodeSentSchema, Type.Object({ registered: Type.Boolean() })]);
export type LoginCodeSent = Static<typeof LoginCodeSentSchema>;

export const BanStatusSchema = Type.Object({ is_banned: Type.Boolean() });
export type BanStatus = Static<typeof BanStatusSchema>;

/**
 * An order named by its public id with its state (orders/status.ts codes).
 * Orders arrive with the ordering feature; until then the calls that carry
 * one answer null.
 */
export const OrderStatusRefSchema = Type.Object({
  unique_order_id: Type.String(),
  orderstatus_id: Type.Integer(),
});
export type OrderStatusRef = Static<typeof OrderStatusRefSchema>;

/** update-user-info: the fresh account (its wallet balance included) and, when asked for, that order's state. */
export const UserInfoSchema = Type.Object({
  success: Type.Literal(true),
  data: AccountSchema,
  order: Nullable(OrderStatusRefSchema),
});
export type UserInfo = Static<typeof UserInfoSchema>;

/** check-running-order: the customer's order still on its way, if any. */
export const RunningOrderCheckSchema = Type.Object({
  running: Type.Boolean(),
  order: Nullable(OrderStatusRefSchema),
});
export type RunningOrderCheck = Static<typeof RunningOrderCheckSchema>;


export const WalletTransactionSchema = Type.Object({
  id: Type.Integer(),
  /** Signed integer minor units: positive adds to the balance, negative takes from it. */
  amount: Type.Integer(),
  balance_after: Type.Integer(),
  type: Type.Union(WALLET_ENTRY_TYPES.map((type) => Type.Literal(type))),
  /** Words for the customer, e.g. "Welcome credit". */
  reason: Type.String(),
  created_at: Type.String(),
});
export type WalletTransaction = Static<typeof WalletTransactionSchema>;

export const WalletSchema = Type.Object({
  /** Integer minor units. */
  balance: Type.Integer(),
  /** Newest first. */
  transactions: Type.Array(WalletTransactionSchema),
});
export type Wallet = Static<typeof WalletSchema>;

/** Flat values only, so an alert's data travels unchanged in a push message. */
export const NotificationDataSchema = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
);
export type NotificationData = Static<typeof NotificationDataSchema>;

/** An in-app alert (spec §3 Notification: is_read 0 = unread). */
export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  message: Type.String(),
  /** What the alert is about, e.g. { unique_order_id, orderstatus_id } for an order. */
  data: NotificationDataSchema,
  is_read: Type.Union([Type.Literal(0), Type.Literal(1)]),
  created_at: Type.String(),
});
export type Notification = Static<typeof NotificationSchema>;


export const MarkedReadSchema = Type.Object({ success: Type.Literal(true), updated: Type.Integer() });
export type MarkedRead = Static<typeof MarkedReadSchema>;

// ---------------------------------------------------------------------------
// The development outbox: where SMS, e-mail and push go when no real
// transport is configured. `GET DEV_OUTBOX_PATH?to=…&channel=…` lists them
// (outside production only); end-to-end tests read codes from it.
// ---------------------------------------------------------------------------


export const DevOutboxMessageSchema = Type.Object({
  id: Type.Integer(),
  channel: Type.Union(OUTBOX_CHANNELS.map((channel) => Type.Literal(channel))),
  /** A phone number, an e-mail address or a push token. */
  to: Type.String(),
  subject: Nullable(Type.String()),
  body: Type.String(),
  data: Nullable(NotificationDataSchema),
  created_at: Type.String(),
});
export type DevOutboxMessage = Static<typeof DevOutboxMessageSchema>;

export const DevOutboxSchema = Type.Object({ messages: Type.Array(DevOutboxMessageSchema) });
export type DevOutbox = Static<typeof DevOutboxSchema>;
