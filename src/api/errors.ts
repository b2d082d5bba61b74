/**
 * The one error shape of every boundary. The server answers `{ message, code }`
 * with a 4xx status; the worker turns any failure into a typed `SyncResult`;
 * the UI turns a code into words from the translations.
 */
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';
import type { ApiError } from './error-schema.ts';
import type { TextKey } from './language/texts.ts';

export { ERROR_CODES, type ErrorCode };

// The schema of that shape, for the server's routes and the tests, is in error-schema.ts: the UI needs only the codes.
export type { ApiError };

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
