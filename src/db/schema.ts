/**
 * The local replica (DESIGN §2), imported by the UI and the sync worker. Every
 * table the product needs exists from version 1, even those later features
 * fill. A schema change declares the next version with the whole schema
 * (see the constructor); the upgrade test keeps every schema that shipped.
 */
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { Notification, Wallet } from '../api/account/entities.ts';
import type { Item, Language, Page, Place, PopularLocation, Store, StoreDetail, StoreReviews, UserAddress } from '../api/entities.ts';
import type { OutboxEntry } from '../api/outbox.ts';
import type { CartStoreRef, StoredCartLine } from '../api/cart/rules.ts';
import type { Address } from '../api/account/entities.ts';
import type { DriverProfileRow } from '../api/driver/worker-api.ts';
import type { NumberSymbols } from '../lib/money.ts';

export const DB_NAME = 'foodpilot';

/** A row mirrored from the server: when it was fetched. */
interface Mirrored {
  fetchedAt: number;
}

export interface SettingRow extends Mirrored {
  key: string;
  value: string;
}
export type LanguageRow = Language &
  Mirrored & {
    /** How the language writes amounts, read by the sync worker (lib/money.ts); absent on rows an older worker wrote. */
    numberSymbols?: NumberSymbols;
  };
export interface TranslationRow extends Mirrored {
  languageId: number;
  data: Record<string, string>;
}
export type PopularLocationRow = PopularLocation & Mirrored;
export type PageRow = Page & Mirrored;
export interface AddressRow extends UserAddress {
  /** Always 'current': one row, the address the user browses for. */
  id: 'current';
  savedAt: number;
}
export interface StoreListRow extends Mirrored {
  /** `${lat},${lng}|${mode}|${categoryIds}` */
  key: string;
  storeIds: number[];
}
export interface RecordRow extends Mirrored {
  id: number;
  [field: string]: unknown;
}
export interface ItemRow extends RecordRow {
  restaurant_id: number;
  /** Place in the store's menu (recommended first, then section by section); absent on items only seen in a search. */
  position?: number;
}
/** A menu section of a store, kept on the store row as `menuSections` so the UI can group items in order. */
export interface MenuSection {
  /** The items' `item_category_id`; 0 for the server's "Other" section (items without one). */
  id: number;
  name: string;
}
/**
 * What the worker writes into `stores` (the table stays loosely typed for
 * older rows): the list fields, the page fields once the store page was
 * opened, and the menu's sections once its items were fetched.
 */
export type StoreRow = Store &
  Partial<Omit<StoreDetail, keyof Store>> & {
    fetchedAt: number;
    menuSections?: MenuSection[];
  };
/** An item as the replica keeps it: the server's item with its menu place. */
export type MenuItemRow = Item & { fetchedAt: number; position?: number };
/**
 * A slice of a store's menu (version 6): up to MENU_CHUNK_ITEMS items in menu
 * order. A menu is a few records instead of one per item, because IndexedDB's
 * cost is per record: 5,000 items written one record each took the worker
 * 330–630 ms, the same items in 20 records a tenth of that. `itemIds` is
 * not indexed on purpose: every open live query would then track 10,000 index
 * keys per menu write (40 ms on the main thread for a 5,000-item menu), and an
 * item is always looked up within its store (menu-reads.ts).
 */
export interface MenuChunkRow extends Mirrored {
  storeId: number;
  /** 0, 1, 2… in menu order. */
  index: number;
  itemIds: number[];
  items: MenuItemRow[];
}
/** A search the server answered (version 2): its result ids, for the UI to merge with its local search. */
export interface SearchRow extends Mirrored {
  /** `searchKey(query, point)` from keys.ts. */
  key: string;
  query: string;
  storeIds: number[];
  itemIds: number[];
}
/** A favourite store of the signed-in customer: one row per store, absent when not a favourite. */
export interface FavouriteRow extends Mirrored {
  id: number;
  /** Server order (nearest first); a favourite added here and not yet listed by the server sorts last. */
  position: number;
  /** Added on this device and not yet confirmed by the server. */
  pending?: boolean;
}
/** A store's reviews page (version 3): the server's whole answer, under the slug it was asked for. */
export type ReviewsRow = StoreReviews & {
  slug: string;
  fetchedAt: number;
};
/** A place search the server answered (version 4), kept so the same search answers offline. */
export interface PlaceSearchRow extends Mirrored {
  /** `placeSearchKey(query)` from keys.ts. */
  key: string;
  query: string;
  places: Place[];
}
/** A cart line (worker/cart/rows.ts writes whole CartLine rows; see StoredCartLine for the optional fields). */
export type CartLineRow = StoredCartLine;
/**
 * The availability checks of the cart (worker/cart/availability-check.ts). Only the newest
 * check counts: queuing one deletes the older ones from the outbox.
 */
export interface CartCheckState {
  /** The newest check's outbox row (its Idempotency-Key). */
  outboxId: string;
  requestedAt: number;
  /** The newest answer applied to the lines: an older check's while the newest still waits. */
  answer?: { outboxId: string; checkedAt: string; storeOpen: boolean };
  /** Why the newest check got no answer it could apply (rejected, expired, unreadable). */
  failure?: { outboxId: string; words: string; expired: boolean };
}
export interface CartMetaRow {
  id: 'cart';
  productQuantity: number;
  totalPrice: number;
  coupon: unknown | null;
  couponError: string | null;
  loyalty: { points: number; redeemed: boolean; redeemedPoints: number } | null;
  /** The store of the lines (one store per cart); null or absent when the cart is empty. */
  store?: CartStoreRef | null;
  check?: CartCheckState | null;
}
export interface SessionRow {
  /** 'console': the /admin console's own sign-in (an administrator or a store owner), written by the page, not the worker. */
  id: 'customer' | 'driver' | 'console';
  userId: number;
  token: string;
  role: string;
  data: Record<string, unknown>;
  savedAt: number;
}
export interface OrderRow extends Mirrored {
  unique_order_id: string;
  [field: string]: unknown;
}
export interface AlertRow extends Mirrored {
  id: number;
  is_read: 0 | 1;
  [field: string]: unknown;
}
/**
 * What the worker writes into `alerts` (worker/account/alerts.ts): the server's alert,
 * whose customer it is, and which queued mark-read (outbox id) made it read
 * here before the server confirmed it.
 */
export type CustomerAlertRow = Notification & {
  fetchedAt: number;
  userId: number;
  markedBy?: string;
};
/** A customer's wallet (version 5): the server's whole answer, one row per user. */
export type WalletRow = Wallet & {
  userId: number;
  fetchedAt: number;
};
/**
 * A saved address of the signed-in customer as get-addresses answers it
 * (worker/account/addresses.ts). The `addresses` table keeps its loose RecordRow type
 * for rows written before this shape; read it through this type. Whose list
 * it is needs no field: every change of user clears the table.
 */
export type SavedAddressRow = Address & Mirrored;
export interface SyncStateRow {
  resource: string;
  fetchedAt: number | null;
  version: string | null;
  error: string | null;
  errorAt: number | null;
}
/** Local preferences and flags (chosen language, order type, GDPR, visits). */
export interface PrefRow {
  key: string;
  value: unknown;
}

export class ReplicaDatabase extends Dexie {
  settings!: EntityTable<SettingRow, 'key'>;
  languages!: EntityTable<LanguageRow, 'id'>;
  translations!: EntityTable<TranslationRow, 'languageId'>;
  popularLocations!: EntityTable<PopularLocationRow, 'id'>;
  address!: EntityTable<AddressRow, 'id'>;
  storeLists!: EntityTable<StoreListRow, 'key'>;
  stores!: EntityTable<RecordRow, 'id'>;
  categories!: EntityTable<RecordRow, 'id'>;
  slides!: EntityTable<RecordRow, 'id'>;
  items!: EntityTable<ItemRow, 'id'>;
  cartLines!: EntityTable<CartLineRow, 'id'>;
  cartMeta!: EntityTable<CartMetaRow, 'id'>;
  session!: EntityTable<SessionRow, 'id'>;
  addresses!: EntityTable<RecordRow, 'id'>;
  orders!: EntityTable<OrderRow, 'unique_order_id'>;
  runningOrder!: EntityTable<OrderRow, 'unique_order_id'>;
  alerts!: EntityTable<AlertRow, 'id'>;
  favourites!: EntityTable<FavouriteRow, 'id'>;
  driverOrders!: EntityTable<OrderRow, 'unique_order_id'>;
  driverProfile!: Table<DriverProfileRow, 'driver'>;
  pages!: EntityTable<PageRow, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;
  syncState!: EntityTable<SyncStateRow, 'resource'>;
  prefs!: EntityTable<PrefRow, 'key'>;
  // Version 2.
  categorySlides!: EntityTable<RecordRow, 'id'>;
  searches!: EntityTable<SearchRow, 'key'>;
  // Version 3.
  reviews!: EntityTable<ReviewsRow, 'slug'>;
  // Version 4.
  placeSearches!: EntityTable<PlaceSearchRow, 'key'>;
  // Version 5.
  wallet!: EntityTable<WalletRow, 'userId'>;
  // Version 6.
  menuChunks!: Table<MenuChunkRow, [number, number]>;

  constructor(name = DB_NAME) {
    super(name);
    // The schema as it is now, declared once. Dexie upgrades an older replica
    // from the schema it finds on the device to this one (new tables and
    // indexes added, dropped ones removed) and then runs the upgrade
    // functions of the versions above the old one, so a version that only
    // added tables or indexes need not be declared again; keeping all six
    // cost every page's first script several milliseconds (Dexie re-derives
    // every version's schema on each declaration), about 100 ms on a slow
    // phone. tests/unit/worker/replica/replica-upgrade.test.ts keeps each
    // shipped schema and upgrades it.
    //  1: the first tables.
    //  2: categorySlides and searches; items by [restaurant_id+position] (dropped in 6).
    //  3: reviews. 4: placeSearches. 5: wallet.
    //  6: menus move from one `items` row per item to `menuChunks` of a few
    //     hundred items (see MenuChunkRow). The upgrade moves each menu already
    //     seen into chunks, so a store opened before the update still opens
    //     offline; `items` keeps the items seen on their own (a search, a
    //     single item).
    // A change declares version 7 with the whole schema, here, and an upgrade
    // only if rows must be rewritten; a version with an upgrade stays declared.
    this.version(6)
      .stores({
        settings: 'key',
        languages: 'id',
        translations: 'languageId',
        popularLocations: 'id',
        address: 'id',
        storeLists: 'key, fetchedAt',
        stores: 'id, slug',
        categories: 'id',
        slides: 'id',
        items: 'id, restaurant_id',
        cartLines: 'id, storeId',
        cartMeta: 'id',
        session: 'id',
        addresses: 'id',
        orders: 'unique_order_id, fetchedAt',
        runningOrder: 'unique_order_id',
        alerts: 'id, is_read',
        favourites: 'id',
        driverOrders: 'unique_order_id, fetchedAt',
        driverProfile: 'id',
        pages: 'id, slug',
        outbox: 'id, [userKey+createdSeq], status, kind',
        syncState: 'resource',
        prefs: 'key',
        categorySlides: 'id',
        searches: 'key, fetchedAt',
        reviews: 'slug',
        placeSearches: 'key, fetchedAt',
        wallet: 'userId',
        menuChunks: '[storeId+index]',
      })
      .upgrade(async (tx) => {
        const items = tx.table<MenuItemRow & { position?: number }, number>('items');
        const menuItems = await items.filter((row) => typeof row.position === 'number').toArray();
        const byStore = new Map<number, MenuItemRow[]>();
        for (const item of menuItems) byStore.set(item.restaurant_id, [...(byStore.get(item.restaurant_id) ?? []), item]);
        const chunks = [...byStore].flatMap(([storeId, rows]) =>
          menuChunkRows(storeId, rows.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)), Math.min(...rows.map((r) => r.fetchedAt))),
        );
        await tx.table<MenuChunkRow, [number, number]>('menuChunks').bulkPut(chunks);
        await items.bulkDelete(menuItems.map((item) => item.id));
      });
    // Another tab opening a newer schema must not be blocked by this one
    // (DESIGN §4 pitfall): close, and let the page reload into the new code.
    this.on('versionchange', () => {
      this.close();
      return false;
    });
  }
}

/** Items per `menuChunks` record: 20 records for a 5,000-item menu, each a short read on the main thread. */
export const MENU_CHUNK_ITEMS = 250;

/** A menu in order (positions 0, 1, 2…) as its chunk records. */
export function menuChunkRows(storeId: number, items: readonly MenuItemRow[], at: number): MenuChunkRow[] {
  const chunks: MenuChunkRow[] = [];
  for (let start = 0; start < items.length; start += MENU_CHUNK_ITEMS) {
    const slice = items.slice(start, start + MENU_CHUNK_ITEMS);
    chunks.push({ storeId, index: chunks.length, itemIds: slice.map((item) => item.id), items: slice, fetchedAt: at });
  }
  return chunks;
}

/** Names of `syncState` rows: the worker writes them, the UI reads them. */
export const SyncResource = {
  connectivity: 'connectivity',
  version: 'version',
  settings: 'settings',
  languages: 'languages',
  popularLocations: 'popularLocations',
  translations: (languageId: number) => `translations:${languageId}`,
  page: (slug: string) => `page:${slug}`,
  /** One stored list, by its `storeLists` key. */
  storeList: (key: string) => `storeList:${key}`,
  promoSlides: 'promoSlides',
  categorySlides: 'categorySlides',
  categories: 'categories',
  /** A store page's info, by slug. */
  store: (slug: string) => `store:${slug}`,
  /** A store's menu (all its items), by store id. */
  menu: (storeId: number) => `menu:${storeId}`,
  item: (itemId: number) => `item:${itemId}`,
  /** A server search, by its `searches` key. */
  search: (key: string) => `search:${key}`,
  favourites: 'favourites',
  /** The signed-in customer's running-order check (check-running-order): when it last answered. */
  runningOrder: 'runningOrder',
  /** A store's reviews, by slug. */
  reviews: (slug: string) => `reviews:${slug}`,
  /** A place search, by its `placeSearches` key. */
  placeSearch: (key: string) => `placeSearch:${key}`,
  /** The signed-in customer's alerts. */
  alerts: 'alerts',
  /** The signed-in customer's wallet. */
  wallet: 'wallet',
  /** The signed-in customer's saved addresses (cleared with them on logout). */
  addresses: 'addresses',
  /** The driver's profile with their new and active orders (refreshed together). */
  driverOrders: 'driverOrders',
  /** The driver's completed orders (first page). */
  driverCompleted: 'driverCompleted',
} as const;

/**
 * The worker keeps the built-in English texts in `translations` under this id
 * and writes the built-in settings with `fetchedAt: NEVER_FETCHED`, before its
 * first request: every screen has words even on a first visit made offline,
 * and a key a language lacks falls back to English.
 */
export const BUILT_IN_TEXTS_ID = 0;
export const NEVER_FETCHED = 0;

/** Preference keys kept in `prefs`. */
export const PrefKey = {
  languageId: 'languageId',
  orderType: 'orderType',
  gdprAccepted: 'gdprAccepted',
  visitCount: 'visitCount',
  settingsVersion: 'forceNewSettingsVersion',
  cacheVersion: 'forceCacheClearVersion',
  simulatedOffline: 'simulatedOffline',
  /** This device opened the app with `?offline=…` once: the account page shows the tester tools (a setting shows them everywhere). */
  testerTools: 'testerTools',
  activeStore: 'activeStore',
  locationChosenByUser: 'locationChosenByUser',
  outboxSeq: 'outboxSeq',
  /**
   * Spec §4: a 400 while loading store info. Value `{ slug, at }`; the UI
   * recovers (reloads) and deletes it.
   */
  forceReload: 'forceReload',
  /** This device's push token as last saved for a user: `{ token, userId }` (spec §4: logout clears it). */
  pushToken: 'pushToken',
  /** The customer (user id) who chose 'Not now' on the order-alerts prompt on this device. */
  pushPromptDismissed: 'pushPromptDismissed',
  /**
   * Why the worker signed the user out on its own: `{ code, at }` (a ban found
   * by check-ban, a session the server ended). The UI says so, then deletes it.
   */
  sessionEnded: 'sessionEnded',
  /** navigator.storage.persist() was asked once, after the first sign-in on this device (DESIGN §2). */
  storagePersistAsked: 'storagePersistAsked',
  /** The content pages' names and slugs (get-pages) for the account page's links: `{ pages, fetchedAt }`. */
  pageList: 'pageList',
  /** The build fingerprint of the built-in English texts stored under BUILT_IN_TEXTS_ID (worker/replica/writes.ts). */
  builtInTextsVersion: 'builtInTextsVersion',
  // Checkout and orders (worker/checkout/, worker/orders/; shapes in src/api/checkout/worker-api.ts).
  /** The server's last price of the cart with the checkout's choices: CheckoutQuoteRow. */
  checkoutQuote: 'checkoutQuote',
  /** get-payment-gateways' last answer: PaymentGatewaysRow. */
  paymentGateways: 'paymentGateways',
  /** A place-order sent and not answered yet, with its Idempotency-Key: PlaceOrderAttempt. */
  placeOrderAttempt: 'placeOrderAttempt',
  /** A card order waiting for its payment: PendingPaymentRow. */
  pendingPayment: 'pendingPayment',
  /** The orders list's cursor: OrdersListRow. */
  ordersList: 'ordersList',
  /** Where the customer's last delivery order went, the next checkout's default: LastDeliveryAddressRow. */
  lastDeliveryAddress: 'lastDeliveryAddress',
} as const;

/**
 * What the spec's forced cache clear keeps (spec §4: location, address,
 * colour, logo, updating message, language, active store). We also keep what
 * the user made and the server has not seen yet (cart, outbox) and the
 * sessions that outbox needs to drain: dropping them would lose data.
 */
export const TABLES_KEPT_ON_CACHE_CLEAR = ['address', 'cartLines', 'cartMeta', 'outbox', 'session'] as const;
export const PREFS_KEPT_ON_CACHE_CLEAR: readonly string[] = [
  PrefKey.languageId,
  PrefKey.activeStore,
  PrefKey.orderType,
  PrefKey.locationChosenByUser,
  PrefKey.gdprAccepted,
  PrefKey.visitCount,
  PrefKey.outboxSeq,
  PrefKey.simulatedOffline,
  PrefKey.testerTools,
  // An order the server may hold without the app knowing yet: its key must survive, or a retry could order twice.
  PrefKey.placeOrderAttempt,
  PrefKey.pendingPayment,
];
