/**
 * The typed shape of the database for Kysely. Both dialects store the same
 * values: booleans as integers 0/1 (better-sqlite3 cannot bind JS booleans),
 * times as ISO-8601 UTC text (sorts and compares the same everywhere), money
 * as integer minor units. Repositories turn rows into API entities.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { DeliveryTypeCode } from '../../src/api/entities.ts';

/** 0 or 1; repositories expose it as a boolean. */
export type Flag = number;
/** ISO-8601 UTC timestamp, e.g. 2025-01-31T12:00:00.000Z. */
export type IsoTime = string;

/** A column the database fills with its default when an insert leaves it out. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;

export type UserRole = 'customer' | 'driver' | 'store_owner' | 'agent' | 'admin';
export const USER_ROLES: readonly UserRole[] = ['customer', 'driver', 'store_owner', 'agent', 'admin'];

export interface SettingsTable {
  key: string;
  value: string;
}

/** Key/value: forceNewSettingsVersion and forceCacheClearVersion. */
export interface AppVersionsTable {
  key: string;
  value: string;
}

export interface LanguagesTable {
  id: Generated<number>;
  language_name: string;
  code: string;
  dir: 'ltr' | 'rtl';
  is_default: Flag;
}

export interface TranslationsTable {
  language_id: number;
  key: string;
  value: string;
}

/** A catalogue text in one language (migration 0015); the entity's own column is the default language's. */
export interface CatalogueTranslationsTable {
  kind: string;
  entity_id: number;
  language_id: number;
  field: string;
  text: string;
}

export interface PopularLocationsTable {
  id: Generated<number>;
  name: string;
  latitude: number;
  longitude: number;
  is_default: Flag;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  /** scrypt$N$r$p$salt$hash, see server/account/passwords.ts. */
  password_hash: string;
  role: UserRole;
  is_banned: ColumnType<Flag, Flag | undefined, Flag>;
  created_at: IsoTime;
  /** Path under /public/images/avatars/, or null (0005). */
  avatar: ColumnType<string | null, string | null | undefined, string | null>;
  tax_number: ColumnType<string | null, string | null | undefined, string | null>;
  /** Integer minor units, never below 0; kept equal to the newest wallet_transactions.balance_after (0005). */
  wallet_balance: ColumnType<number, number | undefined, number>;
  phone_verified_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** Set when the account was deleted; its personal data is erased then (0005). */
  deleted_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** Loyalty points held; kept equal to the newest loyalty_transactions.balance_after (0006). */
  loyalty_points: Defaulted<number>;
}

export interface AuthTokensTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: IsoTime;
  expires_at: IsoTime;
  /** The call-centre agent acting for the user with this token (0005). */
  acting_user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RestaurantsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  city: string;
  description: string;
  image: string;
  is_active: Flag;
  is_featured: Flag;
  custom_featured_name: string | null;
  custom_message_on_list: string | null;
  rating: number;
  /** Minutes. */
  delivery_time: number;
  /** Price for two, integer minor units. */
  price_range: number;
  /** 1 delivery, 2 self pickup, 3 both. */
  delivery_type: DeliveryTypeCode;
  latitude: number;
  longitude: number;
  delivery_radius_km: number;
  store_color: string | null;
  owner_user_id: number | null;
  created_at: IsoTime;
  /** IANA time zone of the opening hours (0003). */
  timezone: ColumnType<string, string | undefined, string>;
  /** trunc(latitude * 10 + 900) (latBandOf), the nearby index's first column, kept by a trigger (0003). */
  lat_band: ColumnType<number, number | undefined, number | undefined>;
  /** The smallest subtotal the store takes an order for, minor units (0006). */
  min_order_subtotal: Defaulted<number>;
  /** A fixed charge per order (packaging, service), minor units (0006). */
  store_charge: Defaulted<number>;
  /** Tax on the subtotal after discounts, basis points: 500 = 5 % (0006). */
  tax_basis_points: Defaulted<number>;
  /** Delivery fee: the base covers the first delivery_fee_base_km, then per started km (0006). */
  delivery_fee_base: Defaulted<number>;
  delivery_fee_base_km: Defaulted<number>;
  delivery_fee_per_km: Defaulted<number>;
  /** Delivery is free from this subtotal; null: never (0006). */
  free_delivery_subtotal: ColumnType<number | null, number | null | undefined, number | null>;
  /** New orders go straight to preparing (0006). */
  auto_accept_orders: Defaulted<Flag>;
  /** The street address a driver collects the food at; null: not given (0011). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  /** The number a driver calls the store on, as typed; null: not given (0011). */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One opening window in the store's time zone; closes_minute ≤ opens_minute runs past midnight. */
export interface RestaurantOpeningHoursTable {
  restaurant_id: number;
  /** 0 = Sunday … 6 = Saturday. */
  day_of_week: number;
  opens_minute: number;
  /** 1440 = midnight at the end of the day. */
  closes_minute: number;
}

export type AddonCategoryType = 'SINGLE' | 'MULTI';

export interface AddonCategoriesTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  type: AddonCategoryType;
  min_select: number;
  max_select: number | null;
}

export interface AddonsTable {
  id: Generated<number>;
  addon_category_id: number;
  name: string;
  /** Integer minor units. */
  price: number;
  sort_order: number;
  is_active: Flag;
}

export interface ItemAddonCategoriesTable {
  item_id: number;
  addon_category_id: number;
  sort_order: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  restaurant_id: number;
  user_id: number | null;
  /** 1 to 5. */
  rating: number;
  comment: string;
  created_at: IsoTime;
  /** The order a rate-order review rates; one review per order (0006). */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The stars (1–5) the customer gave the driver who delivered the order; null otherwise (0007). */
  driver_rating: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface FavouritesTable {
  user_id: number;
  restaurant_id: number;
  created_at: IsoTime;
}

export interface RestaurantCategoriesTable {
  id: Generated<number>;
  name: string;
  image: string | null;
  sort_order: number;
}

export interface RestaurantCategoryLinksTable {
  restaurant_id: number;
  category_id: number;
}

export interface CategorySlidesTable {
  id: Generated<number>;
  name: string;
  image: string;
  sort_order: number;
  is_active: Flag;
}

/** The categories a category slide opens (spec §3: categories_ids). */
export interface CategorySlideCategoriesTable {
  slide_id: number;
  category_id: number;
}

export interface ItemCategoriesTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  sort_order: number;
}

export interface ItemsTable {
  id: Generated<number>;
  restaurant_id: number;
  item_category_id: number | null;
  name: string;
  description: string;
  /** Integer minor units. */
  price: number;
  image: string | null;
  is_veg: Flag;
  is_recommended: Flag;
  is_active: Flag;
}

export interface PromoSlidersTable {
  id: Generated<number>;
  name: string;
  /** Main sliders show at the top of home; the others between stores. */
  is_main: Flag;
  /** Where in the store list the slider is inserted (spec §3 promo_slider.position_id). */
  position_id: number;
  /** Image size multiplier (spec §9: 2.4 rem times size). */
  size: number;
  is_active: Flag;
}

export interface PromoSlidesTable {
  id: Generated<number>;
  promo_slider_id: number;
  name: string;
  image: string;
  /** Where a tap leads; an app path or an outside address. */
  url: string | null;
  /** What the slide promotes: 'restaurant', 'item' or null for a plain link. */
  model: string | null;
  model_id: number | null;
  sort_order: number;
}

export interface PagesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** HTML; the app sanitises it before showing it. */
  body: string;
  sort_order: number;
  updated_at: IsoTime;
}

export type IdempotencyState = 'in_progress' | 'completed';

/** When a periodic job last ran in the cluster (db/cluster-lease.ts). */
export interface ClusterJobRunsTable {
  job_id: number;
  last_run_at: IsoTime;
}

export interface IdempotencyKeysTable {
  /** Who and where: the user ('user:<id>'; an unknown token's hash; or 'anonymous') + method + path. */
  scope: string;
  idempotency_key: string;
  request_hash: string;
  state: IdempotencyState;
  response_status: number | null;
  /** The serialized response body, replayed byte for byte. */
  response_body: string | null;
  response_content_type: string | null;
  created_at: IsoTime;
  /** The server process running the call while in_progress (0013); null on rows reserved before 0013. */
  lease_owner: string | null;
  /** Until when that process holds the key (renewed while it runs); past it, a retry takes the key over. */
  lease_until: IsoTime | null;
}

/** The catalogue version ('stores'), bumped by triggers on every write to what a store card shows (0004). */
export interface CatalogVersionsTable {
  name: string;
  /** bigint: PostgreSQL answers it as a string. */
  version: number | string;
  pruned_through: number | string;
}

/** The stores each catalogue version touched (0004); pruned behind catalog_versions.pruned_through. */
export interface CatalogChangesTable {
  version: number | string;
  restaurant_id: number;
}

/** A saved address of a user (0005). */
export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  latitude: number;
  longitude: number;
  address: string;
  house: string | null;
  tag: string | null;
  is_default: Flag;
  created_at: IsoTime;
}

export type OneTimeCodePurpose = 'login' | 'verify_phone' | 'password_reset';

/** One-time codes (0005): stored as salt$sha256, single use, with a wrong-try counter. */
export interface OneTimeCodesTable {
  id: Generated<number>;
  purpose: OneTimeCodePurpose;
  recipient: string;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: IsoTime;
  verified_at: IsoTime | null;
  consumed_at: IsoTime | null;
  created_at: IsoTime;
}

/** The wallet ledger (0005): signed integer minor units. */
export interface WalletTransactionsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  balance_after: number;
  type: string;
  reason: string;
  created_by: number | null;
  created_at: IsoTime;
}

export type PushState = 'pending' | 'sending' | 'sent' | 'none' | 'failed';

/** In-app alerts (0005); push_state is the push dispatcher's outbox. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  message: string;
  /** JSON object of flat values. */
  data: string;
  is_read: ColumnType<Flag, Flag | undefined, Flag>;
  push_state: ColumnType<PushState, PushState | undefined, PushState>;
  created_at: IsoTime;
}

export interface PushTokensTable {
  token: string;
  user_id: number;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export type DevOutboxChannel = 'sms' | 'email' | 'push';

/** A password or code check of a sign-in (0012): written before the check, deleted when it succeeds. */
export interface SignInAttemptsTable {
  id: Generated<number>;
  /** 'user:<id>', or 'unknown:<e-mail or phone>' when no account matched. */
  account_key: string;
  /** The caller's address (IPv4, or an IPv6 /64). */
  ip_key: string;
  /** The call: 'login', 'delivery/login', 'login-with-otp'. */
  door: string;
  created_at: IsoTime;
}

/** An account whose sign-in is paused (0012). */
export interface SignInLocksTable {
  account_key: string;
  locked_until: IsoTime;
}

/** A call that asked the server to send a code (0012), counted per recipient and per caller address. */
export interface MessageBudgetTable {
  id: Generated<number>;
  recipient: string;
  ip_key: string;
  created_at: IsoTime;
}

/** Messages the development transports wrote instead of sending (0005). */
export interface DevOutboxTable {
  id: Generated<number>;
  channel: DevOutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  /** JSON object, or null. */
  data: string | null;
  created_at: IsoTime;
}

/** The call-centre audit (0005): what an agent did, for which customer. */
export interface AgentActionsTable {
  id: Generated<number>;
  agent_id: number;
  action: string;
  customer_id: number | null;
  /** JSON object. */
  details: string;
  created_at: IsoTime;
}

export type CouponDiscountType = 'PERCENT' | 'FIXED';

/** Coupons (0006): codes are stored upper case. */
export interface CouponsTable {
  id: Generated<number>;
  code: string;
  description: Defaulted<string>;
  discount_type: CouponDiscountType;
  /** PERCENT: whole percent 1–100; FIXED: minor units. */
  discount_value: number;
  max_discount: number | null;
  min_subtotal: Defaulted<number>;
  /** Null: any store. */
  restaurant_id: number | null;
  starts_at: IsoTime | null;
  expires_at: IsoTime | null;
  max_uses: number | null;
  max_uses_per_user: number | null;
  used_count: Defaulted<number>;
  is_active: Defaulted<Flag>;
  created_at: IsoTime;
}

export type OrderTypeColumn = 'DELIVERY' | 'SELFPICKUP';
export type PaymentStatusColumn = 'PENDING' | 'PAID' | 'FAILED' | 'REFUNDED';

/**
 * Orders (0006): a copy of every part of the price, minor units.
 * total = subtotal + store_charge + delivery_fee + tax + tip - coupon_discount - loyalty_discount
 *       = wallet_amount + payable_amount.
 */
export interface OrdersTable {
  id: Generated<number>;
  unique_order_id: string;
  user_id: number;
  restaurant_id: number;
  /** DESIGN §6 code, src/api/orders/status.ts. */
  status: number;
  order_type: OrderTypeColumn;
  address: string | null;
  house: string | null;
  latitude: number | null;
  longitude: number | null;
  distance_km: number | null;
  notes: Defaulted<string>;
  subtotal: number;
  store_charge: Defaulted<number>;
  delivery_fee: Defaulted<number>;
  tax: Defaulted<number>;
  tip: Defaulted<number>;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_discount: Defaulted<number>;
  loyalty_points_redeemed: Defaulted<number>;
  loyalty_discount: Defaulted<number>;
  loyalty_points_earned: Defaulted<number>;
  total: number;
  wallet_amount: Defaulted<number>;
  payable_amount: number;
  /** 'COD', 'WALLET' or a gateway id. */
  payment_mode: string;
  payment_status: PaymentStatusColumn;
  delivery_pin: string;
  driver_user_id: number | null;
  placed_by_user_id: number | null;
  cancel_reason: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
  /** Commission + tip credited to the driver when it was delivered; null before, or without a driver (0008). */
  driver_earning: ColumnType<number | null, number | null | undefined, number | null>;
  /** Cash the driver took at the door on a cash-on-delivery order; null otherwise (0008). */
  cash_collected: ColumnType<number | null, number | null | undefined, number | null>;
  /** When that cash was handed in to the business; null while the driver holds it (0008). */
  cash_settled_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** Minutes the store said the food takes when it accepted (accept-order prep_minutes); null when it did not say (0010). */
  prep_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Acceptance time + prep_minutes: when the customer can expect it ready; null without prep_minutes (0010). */
  estimated_ready_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
  /** A delivery order's food ready at the counter (mark-order-ready); null until then. */
  food_ready_at: ColumnType<IsoTime | null, IsoTime | null | undefined, IsoTime | null>;
}

/** What was bought (0006): the name and unit price (item + add-ons) as they were. */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  item_id: number | null;
  name: string;
  unit_price: number;
  quantity: number;
  /** JSON array of {id, name, price}. */
  addons: Defaulted<string>;
  line_total: number;
}

/** Every status an order took (0006), with who moved it and when it happened. */
export interface OrderHistoryTable {
  id: Generated<number>;
  order_id: number;
  status: number;
  actor_user_id: number | null;
  /** 'customer', 'store', 'admin', 'driver', 'gateway', 'system' (src/api/orders/status.ts OrderActor). */
  actor: string;
  note: string | null;
  happened_at: IsoTime;
  created_at: IsoTime;
}

export type PaymentRowStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';

/** A payment through a gateway (0006). */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  gateway: string;
  amount: number;
  status: PaymentRowStatus;
  gateway_reference: string | null;
  created_at: IsoTime;
  updated_at: IsoTime;
}

export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  order_id: number;
  created_at: IsoTime;
}

/** The loyalty ledger (0006): signed points, the balance after each. */
export interface LoyaltyTransactionsTable {
  id: Generated<number>;
  user_id: number;
  points: number;
  balance_after: number;
  order_id: number | null;
  reason: string;
  created_at: IsoTime;
}

/** The console's audit: who changed what, when (0009; server/admin/audit.ts). */
export interface AdminAuditTable {
  id: Generated<number>;
  user_id: number;
  role: string;
  action: string;
  entity: string;
  entity_id: string | null;
  /** JSON of the changed values. */
  details: string;
  created_at: IsoTime;
}

/** A driver's last known position (0006). */
export interface DriverLocationsTable {
  user_id: number;
  latitude: number;
  longitude: number;
  heading: number | null;
  recorded_at: IsoTime;
  updated_at: IsoTime;
}

/** The stores a driver delivers for (0008). */
export interface DriverStoresTable {
  driver_user_id: number;
  restaurant_id: number;
  created_at: IsoTime;
}

/** A driver's duty state (0008); no row: off duty, never switched. */
export interface DriverStatusTable {
  user_id: number;
  is_online: Defaulted<Flag>;
  /** When the driver last set it (their time): an older toggle changes nothing. */
  online_changed_at: IsoTime | null;
}

/** Every GPS fix a driver sent (0008), one per device time. */
export interface DriverFixesTable {
  driver_user_id: number;
  recorded_at: IsoTime;
  latitude: number;
  longitude: number;
  heading: number | null;
}

/** A picture someone uploaded (0014): its address, owner and size, for the quota and the orphan cleanup. */
export interface UploadsTable {
  id: Generated<number>;
  url: string;
  owner_user_id: number;
  kind: 'avatar' | 'catalog';
  bytes: number;
  created_at: IsoTime;
}

export interface Database {
  settings: SettingsTable;
  app_versions: AppVersionsTable;
  languages: LanguagesTable;
  translations: TranslationsTable;
  catalogue_translations: CatalogueTranslationsTable;
  popular_locations: PopularLocationsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  restaurants: RestaurantsTable;
  restaurant_categories: RestaurantCategoriesTable;
  restaurant_category_links: RestaurantCategoryLinksTable;
  category_slides: CategorySlidesTable;
  category_slide_categories: CategorySlideCategoriesTable;
  item_categories: ItemCategoriesTable;
  items: ItemsTable;
  promo_sliders: PromoSlidersTable;
  promo_slides: PromoSlidesTable;
  idempotency_keys: IdempotencyKeysTable;
  cluster_job_runs: ClusterJobRunsTable;
  pages: PagesTable;
  restaurant_opening_hours: RestaurantOpeningHoursTable;
  addon_categories: AddonCategoriesTable;
  addons: AddonsTable;
  item_addon_categories: ItemAddonCategoriesTable;
  reviews: ReviewsTable;
  favourites: FavouritesTable;
  catalog_versions: CatalogVersionsTable;
  catalog_changes: CatalogChangesTable;
  addresses: AddressesTable;
  one_time_codes: OneTimeCodesTable;
  wallet_transactions: WalletTransactionsTable;
  notifications: NotificationsTable;
  push_tokens: PushTokensTable;
  dev_outbox: DevOutboxTable;
  sign_in_attempts: SignInAttemptsTable;
  sign_in_locks: SignInLocksTable;
  message_budget: MessageBudgetTable;
  agent_actions: AgentActionsTable;
  coupons: CouponsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_history: OrderHistoryTable;
  payments: PaymentsTable;
  coupon_redemptions: CouponRedemptionsTable;
  loyalty_transactions: LoyaltyTransactionsTable;
  driver_locations: DriverLocationsTable;
  driver_stores: DriverStoresTable;
  driver_status: DriverStatusTable;
  driver_fixes: DriverFixesTable;
  admin_audit: AdminAuditTable;
  uploads: UploadsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type RestaurantRow = Selectable<RestaurantsTable>;
export type NewRestaurant = Insertable<RestaurantsTable>;
export type NewItem = Insertable<ItemsTable>;
export type IdempotencyRow = Selectable<IdempotencyKeysTable>;

/** The lat_band of a latitude, as the database's trigger computes it (migration 0003). */
export function latBandOf(latitude: number): number {
  // The same floating-point steps as the trigger in migration 0003, so both agree at band edges.
  return Math.trunc(latitude * 10 + 900);
}

export function toFlag(value: boolean): Flag {
  return value ? 1 : 0;
}

export function fromFlag(value: Flag): boolean {
  return Number(value) === 1;
}
