/**
 * The one error shape of every boundary. The server answers `{ message, code }`
 * with a 4xx status; the worker turns any failure into a typed `SyncResult`;
 * the UI turns a code into words from the translations.
 */
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { OrderQuoteSchema } from './orders/entities.ts';
import type { TextKey } from './language/texts.ts';

export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PRIMARY_LOCATION_MISSING',
  'INTERNAL',
  // Accounts
  'WRONG_PASSWORD',
  'UNKNOWN_USER',
  'ACCOUNT_BANNED',
  // Too many wrong passwords or codes for one account: its sign-in is paused (429, with Retry-After).
  'ACCOUNT_LOCKED',
  'CODE_EXPIRED',
  'CODE_WRONG',
  // A new e-mail or phone sent to update-user-info without the code that confirms it.
  'CODE_REQUIRED',
  'TOO_MANY_ATTEMPTS',
  'EMAIL_TAKEN',
  'PHONE_TAKEN',
  'INVALID_EMAIL',
  'INVALID_PHONE',
  'PASSWORD_TOO_SHORT',
  'DETAILS_REQUIRED',
  'PROVIDER_NOT_SUPPORTED',
  'IMAGE_TYPE',
  'IMAGE_TOO_LARGE',
  // Uploads: bytes no image decoder reads (400), and the owner's pictures past their storage quota (413).
  'INVALID_IMAGE',
  'UPLOAD_QUOTA_EXCEEDED',
  'INVALID_TAX_NUMBER',
  'INSUFFICIENT_BALANCE',
  'MESSAGE_NOT_SENT',
  // Order lifecycle (DESIGN §6 transitions, driver moves, ratings)
  'ILLEGAL_TRANSITION',
  'NOT_ALLOWED_FOR_ACTOR',
  'WRONG_ORDER_TYPE',
  'ORDER_TAKEN',
  'WRONG_DELIVERY_PIN',
  'ORDER_NOT_RATABLE',
  'ALREADY_RATED',
  // Checkout (place-order, quotes, coupons, loyalty, cancel). MIN_ORDER_NOT_MET and COUPON_MIN_SUBTOTAL carry a
  // detail { path: '/subtotal', message: <the minimum, minor units> }, OUT_OF_DELIVERY_AREA one
  // { path: '/address', message: <the radius, km> }, ITEMS_UNAVAILABLE one per line { path: '/items/<index>', message }.
  'IDEMPOTENCY_KEY_REQUIRED',
  'STORE_CLOSED',
  'ITEMS_UNAVAILABLE',
  'MIN_ORDER_NOT_MET',
  'OUT_OF_DELIVERY_AREA',
  'ORDER_TYPE_NOT_AVAILABLE',
  'ADDRESS_REQUIRED',
  'TIP_NOT_ALLOWED',
  'LOYALTY_UNAVAILABLE',
  'LOYALTY_POINTS_INVALID',
  'COUPON_NOT_FOUND',
  'COUPON_INACTIVE',
  'COUPON_EXPIRED',
  'COUPON_WRONG_STORE',
  'COUPON_USED_UP',
  'COUPON_MIN_SUBTOTAL',
  'PAYMENT_METHOD_UNAVAILABLE',
  'ORDER_NOT_CANCELLABLE',
  // place-order's expected_total is not what the order costs now (409): details { path: '/total', message: <the total now,
  // minor units> } and `quote`, the new price, for the app to show and ask again.
  'PRICE_CHANGED',
  // Saved addresses (save-address field rules and the limit of account/address-calls.ts)
  'INVALID_COORDINATES',
  'ADDRESS_EMPTY',
  'ADDRESS_TOO_LONG',
  'HOUSE_TOO_LONG',
  'TAG_TOO_LONG',
  'TOO_MANY_ADDRESSES',
  // Payments through a gateway (checkout/payment-calls.ts); PAYMENT_GATEWAY_UNAVAILABLE is a 502
  'ORDER_NOT_AWAITING_PAYMENT',
  'WRONG_PAYMENT_GATEWAY',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYMENT_GATEWAY_UNAVAILABLE',
  // The driver area: a non-driver at delivery/login, a driver off duty or at
  // their limit of orders held at once, an order of a store they are not linked to.
  'NOT_A_DRIVER',
  'DRIVER_OFF_DUTY',
  'DRIVER_ORDER_LIMIT',
  'STORE_NOT_LINKED',
  // The console's catalogue (admin/catalog-calls.ts): unique names taken, rows still referred to by orders,
  // and the rules across fields that the schema cannot say.
  'SLUG_TAKEN',
  'CODE_TAKEN',
  'IN_USE',
  'INVALID_OPENING_HOURS',
  'INVALID_TIME_ZONE',
  'INVALID_IMAGE_URL',
  'INVALID_LINK',
  'NOT_A_STORE_OWNER',
  'WRONG_STORE',
  'INVALID_ADDON_LIMITS',
  'INVALID_DISCOUNT',
  'INVALID_DATE_RANGE',
  // The console's settings, languages, locations and people (admin/calls.ts): a key the app does not have,
  // a language code in use, the default language or primary location that must stay, stores for a role without any.
  'UNKNOWN_SETTING',
  'UNKNOWN_TEXT_KEY',
  'LANGUAGE_CODE_TAKEN',
  'LANGUAGE_IS_DEFAULT',
  'LOCATION_IS_PRIMARY',
  'WRONG_USER_ROLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorSchema = Type.Object(
  {
    message: Type.String(),
    code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))),
    details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    /** PRICE_CHANGED: the order's price now, as get-order-quote answers it. */
    quote: Type.Optional(OrderQuoteSchema),
  },
  { $id: 'ApiError' },
);
export type ApiError = Static<typeof ApiErrorSchema>;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).message === 'string' &&
    (ERROR_CODES as readonly string[]).includes((value as ApiError).code)
  );
}

/**
 * The translation key of each code's words for the user: the UI shows
 * `t(ERROR_TEXT_KEYS[code])` and never the server's English message.
 */
export const ERROR_TEXT_KEYS = {
  BAD_REQUEST: 'errorBadRequest',
  VALIDATION_FAILED: 'errorValidationFailed',
  UNAUTHORIZED: 'errorUnauthorized',
  FORBIDDEN: 'errorForbidden',
  NOT_FOUND: 'errorNotFound',
  CONFLICT: 'errorConflict',
  IDEMPOTENCY_KEY_REUSED: 'errorIdempotencyKeyReused',
  IDEMPOTENCY_IN_PROGRESS: 'errorIdempotencyInProgress',
  PAYLOAD_TOO_LARGE: 'errorPayloadTooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'errorUnsupportedMediaType',
  RATE_LIMITED: 'errorRateLimited',
  PRIMARY_LOCATION_MISSING: 'errorPrimaryLocationMissing',
  INTERNAL: 'errorInternal',
  WRONG_PASSWORD: 'errorWrongPassword',
  UNKNOWN_USER: 'errorUnknownUser',
  ACCOUNT_BANNED: 'errorAccountBanned',
  ACCOUNT_LOCKED: 'errorAccountLocked',
  CODE_EXPIRED: 'errorCodeExpired',
  CODE_WRONG: 'errorCodeWrong',
  CODE_REQUIRED: 'errorCodeRequired',
  TOO_MANY_ATTEMPTS: 'errorTooManyAttempts',
  EMAIL_TAKEN: 'errorEmailTaken',
  PHONE_TAKEN: 'errorPhoneTaken',
  INVALID_EMAIL: 'errorInvalidEmail',
  INVALID_PHONE: 'errorInvalidPhone',
  PASSWORD_TOO_SHORT: 'errorPasswordTooShort',
  DETAILS_REQUIRED: 'errorDetailsRequired',
  PROVIDER_NOT_SUPPORTED: 'errorProviderNotSupported',
  IMAGE_TYPE: 'errorImageType',
  IMAGE_TOO_LARGE: 'errorImageTooLarge',
  INVALID_IMAGE: 'errorInvalidImage',
  UPLOAD_QUOTA_EXCEEDED: 'errorUploadQuotaExceeded',
  INVALID_TAX_NUMBER: 'errorInvalidTaxNumber',
  INSUFFICIENT_BALANCE: 'errorInsufficientBalance',
  MESSAGE_NOT_SENT: 'errorMessageNotSent',
  ILLEGAL_TRANSITION: 'errorIllegalTransition',
  NOT_ALLOWED_FOR_ACTOR: 'errorNotAllowedForActor',
  WRONG_ORDER_TYPE: 'errorWrongOrderType',
  ORDER_TAKEN: 'errorOrderTaken',
  WRONG_DELIVERY_PIN: 'errorWrongDeliveryPin',
  ORDER_NOT_RATABLE: 'errorOrderNotRatable',
  ALREADY_RATED: 'errorAlreadyRated',
  IDEMPOTENCY_KEY_REQUIRED: 'errorIdempotencyKeyRequired',
  STORE_CLOSED: 'errorStoreClosed',
  ITEMS_UNAVAILABLE: 'errorItemsUnavailable',
  MIN_ORDER_NOT_MET: 'errorMinOrderNotMet',
  OUT_OF_DELIVERY_AREA: 'errorOutOfDeliveryArea',
  ORDER_TYPE_NOT_AVAILABLE: 'errorOrderTypeNotAvailable',
  ADDRESS_REQUIRED: 'errorAddressRequired',
  TIP_NOT_ALLOWED: 'errorTipNotAllowed',
  LOYALTY_UNAVAILABLE: 'errorLoyaltyUnavailable',
  LOYALTY_POINTS_INVALID: 'errorLoyaltyPointsInvalid',
  COUPON_NOT_FOUND: 'errorCouponNotFound',
  COUPON_INACTIVE: 'errorCouponInactive',
  COUPON_EXPIRED: 'errorCouponExpired',
  COUPON_WRONG_STORE: 'errorCouponWrongStore',
  COUPON_USED_UP: 'errorCouponUsedUp',
  COUPON_MIN_SUBTOTAL: 'errorCouponMinSubtotal',
  PAYMENT_METHOD_UNAVAILABLE: 'errorPaymentMethodUnavailable',
  ORDER_NOT_CANCELLABLE: 'errorOrderNotCancellable',
  PRICE_CHANGED: 'errorPriceChanged',
  INVALID_COORDINATES: 'errorInvalidCoordinates',
  ADDRESS_EMPTY: 'errorAddressEmpty',
  ADDRESS_TOO_LONG: 'errorAddressTooLong',
  HOUSE_TOO_LONG: 'errorHouseTooLong',
  TAG_TOO_LONG: 'errorTagTooLong',
  TOO_MANY_ADDRESSES: 'errorTooManyAddresses',
  ORDER_NOT_AWAITING_PAYMENT: 'errorOrderNotAwaitingPayment',
  WRONG_PAYMENT_GATEWAY: 'errorWrongPaymentGateway',
  PAYMENT_SIGNATURE_INVALID: 'errorPaymentSignatureInvalid',
  PAYMENT_AMOUNT_MISMATCH: 'errorPaymentAmountMismatch',
  PAYMENT_GATEWAY_UNAVAILABLE: 'errorPaymentGatewayUnavailable',
  NOT_A_DRIVER: 'errorNotADriver',
  DRIVER_OFF_DUTY: 'errorDriverOffDuty',
  DRIVER_ORDER_LIMIT: 'errorDriverOrderLimit',
  STORE_NOT_LINKED: 'errorStoreNotLinked',
  SLUG_TAKEN: 'errorSlugTaken',
  CODE_TAKEN: 'errorCodeTaken',
  IN_USE: 'errorInUse',
  INVALID_OPENING_HOURS: 'errorInvalidOpeningHours',
  INVALID_TIME_ZONE: 'errorInvalidTimeZone',
  INVALID_IMAGE_URL: 'errorInvalidImageUrl',
  INVALID_LINK: 'errorInvalidLink',
  NOT_A_STORE_OWNER: 'errorNotAStoreOwner',
  WRONG_STORE: 'errorWrongStore',
  INVALID_ADDON_LIMITS: 'errorInvalidAddonLimits',
  INVALID_DISCOUNT: 'errorInvalidDiscount',
  INVALID_DATE_RANGE: 'errorInvalidDateRange',
  UNKNOWN_SETTING: 'errorUnknownSetting',
  UNKNOWN_TEXT_KEY: 'errorUnknownTextKey',
  LANGUAGE_CODE_TAKEN: 'errorLanguageCodeTaken',
  LANGUAGE_IS_DEFAULT: 'errorLanguageIsDefault',
  LOCATION_IS_PRIMARY: 'errorLocationIsPrimary',
  WRONG_USER_ROLE: 'errorWrongUserRole',
} as const satisfies Record<ErrorCode, TextKey>;

/** The translation key for any code, also one an older app does not know (then the generic text). */
export function errorTextKey(code: string): TextKey {
  return (ERROR_TEXT_KEYS as Record<string, TextKey>)[code] ?? 'errorInternal';
}
