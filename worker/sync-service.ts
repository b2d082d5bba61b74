/**
 * The sync worker's API assembled from its parts, with every dependency passed
 * in: the worker entry gives it the real ones, tests give it a real server's
 * address and a fake-indexeddb replica.
 */
import { API_TIMEOUT_MS } from '../src/api/constants.ts';
import type { ToServiceWorkerMessage } from '../src/api/sw-messages.ts';
import type { BootResult, SyncWorkerApi } from '../src/api/worker-api.ts';
import { PrefKey, type ReplicaDatabase } from '../src/db/schema.ts';
import {
  changePassword,
  loginWithCode,
  loginWithPassword,
  register,
  requestLoginCode,
  requestPasswordReset,
  sendOtp,
  verifyOtp,
  verifyPasswordResetCode,
} from './account.ts';
import { MARK_ALL_CALL, MARK_ONE_CALL, alertMarkEffect } from './alert-rows.ts';
import { markAlertRead, markAllAlertsRead, refreshAlerts, savePushToken } from './alerts.ts';
import { deleteAddress, refreshAddresses, saveAddress, setDefaultAddress } from './addresses.ts';
import { createApiClient } from './api-client.ts';
import { boot, refreshReplica } from './boot.ts';
import { addToCart, checkCart, clearCart, removeCartLine, restoreCartLine, setCartLineQuantity } from './cart.ts';
import { cartCheckEffect } from './cart-check.ts';
import { CHECK_CART_CALL } from './cart-lines.ts';
import { LatestRequest, applyCoupon, quoteCheckout, refreshPaymentGateways, removeCoupon, setLoyaltyRedemption, type CheckoutDeps } from './checkout.ts';
import { processRazorpayPayment, verifyGatewayPayment } from './checkout-gateways.ts';
import { captureStripeRedirect, confirmStripePayment, startPayment } from './checkout-payment.ts';
import { placeOrder } from './checkout-place-order.ts';
import { completeCacheClear } from './cache-clear.ts';
import { loginAsCustomer, registerGuestUser, stopActing } from './call-centre.ts';
import type { SyncContext } from './context.ts';
import { createHttp } from './http.ts';
import { searchStores } from './explore.ts';
import { TOGGLE_FAVOURITE_CALL, favouriteEffect } from './favourite-rows.ts';
import { refreshFavourites, toggleFavourite } from './favourites.ts';
import { refreshFilteredStores, refreshHome, setOrderType } from './home.ts';
import { reverseGeocode, searchPlaces, useGpsFix } from './location.ts';
import { drainOnce } from './outbox-drain.ts';
import { OutboxDrainer, type DrainerOptions } from './outbox-drainer.ts';
import { OrderTrackers, type TrackingOptions } from './order-tracking.ts';
import { cancelOrder, loadMoreOrders, refreshOrder, refreshOrders } from './orders.ts';
import { OutboxEffects } from './outbox-effects.ts';
import { queueAction } from './outbox-queue.ts';
import { settleFromServiceWorker } from './outbox-settle.ts';
import { refreshPageList } from './page-list.ts';
import { writePref } from './prefs.ts';
import { changeAvatar, checkBan, deleteAccount, logout, refreshProfile, updateTaxNumber } from './profile.ts';
import { openRatableOrder, rateOrder } from './ratings.ts';
import { writeAddress } from './replica-writes.ts';
import { checkRunningOrder } from './running-order.ts';
import { refreshLanguages, refreshPage, refreshPopularLocations, refreshSettings, selectLanguage } from './resources.ts';
import { settle } from './settle.ts';
import { isSimulatedOffline, storeSimulatedOffline } from './simulated-offline.ts';
import { openItem, openStore, selectStore } from './store-pages.ts';
import { openReviews } from './store-reviews.ts';
import { recordConnectivity } from './sync-state.ts';
import { refreshWallet } from './wallet.ts';
import { dismissDriverRejection, driverLogin, driverLogout, driverMove, driverSession, recordDriverFix, refreshAfterAnswers, refreshCompletedOrders, refreshDriver, refreshDriverOrder, setDriverOnline, type DriverDeps } from './driver.ts';
import { DRIVER_MOVE_CALLS, TOGGLE_DUTY_CALL } from '../src/api/driver-worker-api.ts';
import { driverMoveEffect, dutyToggleEffect } from './driver-rows.ts';

export interface SyncServiceOptions {
  db: ReplicaDatabase;
  /** e.g. `https://app.example` or a test server's `http://127.0.0.1:port`. */
  origin: string;
  fetch: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  /** First delay before retrying a 5xx in a read call. */
  apiRetryBaseMs?: number;
  effects?: OutboxEffects;
  drainer?: Pick<DrainerOptions, 'retryBaseMs' | 'retryMaxMs' | 'periodMs' | 'withLock'>;
  /** Reaches a running service worker (the broadcast channel); it may not be listening. */
  postToServiceWorker?: (message: ToServiceWorkerMessage) => void;
  /** Copies the simulated-offline switch where the service worker reads it. */
  mirrorSimulatedOffline?: (offline: boolean) => Promise<void>;
  /** The running order's stream and polling timings (tests shorten them). */
  tracking?: TrackingOptions;
}

export interface SyncService {
  api: SyncWorkerApi;
  drainer: OutboxDrainer;
  /** The running orders watched now (tests stop them all when they end). */
  trackers: OrderTrackers;
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { db } = options;
  const now = options.now ?? Date.now;
  const effects = options.effects ?? new OutboxEffects();
  if (!effects.get(TOGGLE_FAVOURITE_CALL)) effects.register(TOGGLE_FAVOURITE_CALL, favouriteEffect(db, now));
  if (!effects.get(CHECK_CART_CALL)) effects.register(CHECK_CART_CALL, cartCheckEffect(db, now));
  for (const call of [MARK_ONE_CALL, MARK_ALL_CALL]) {
    if (!effects.get(call)) effects.register(call, alertMarkEffect(db, now));
  }
  for (const call of Object.values(DRIVER_MOVE_CALLS)) {
    if (!effects.get(call)) effects.register(call, driverMoveEffect(db, now));
  }
  if (!effects.get(TOGGLE_DUTY_CALL)) effects.register(TOGGLE_DUTY_CALL, dutyToggleEffect(db, now));
  const send = createHttp({
    origin: options.origin,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS,
    isSimulatedOffline: () => isSimulatedOffline(db),
    onOutcome: (outcome) => recordConnectivity(db, outcome.kind === 'answer' ? null : outcome.kind, now()),
  });
  const ctx: SyncContext = { db, api: createApiClient({ send, retryBaseMs: options.apiRetryBaseMs }), now };
  const checkout: CheckoutDeps = { send, quotes: new LatestRequest(), retryBaseMs: options.apiRetryBaseMs ?? 500 };
  const drainer = new OutboxDrainer({
    ...options.drainer,
    drainOnce: () => drainOnce({ db, effects, send, now }),
    afterPass(pass) {
      // Rows the service worker holds: ask it to try now rather than wait for a sync event.
      for (const kind of pass.queuedKinds) options.postToServiceWorker?.({ type: 'REPLAY_QUEUE', kind });
      // A driver's steps were answered: their counts, wallet and lists moved on the server.
      if (pass.applied + pass.rejected > 0) void refreshDriverIfSignedIn();
    },
  });
  const mirror = options.mirrorSimulatedOffline ?? (async () => {});
  const trackers = new OrderTrackers(
    ctx,
    { origin: options.origin, fetch: options.fetch, isSimulatedOffline: () => isSimulatedOffline(db) },
    options.tracking,
  );
  const watchedOrders = () => trackers.watchedIds();
  const driverDeps: DriverDeps = { effects, drain: () => drainer.drain() };
  // Answers come in bursts (a replay settles many steps): one refresh runs at a time, and one more after it covers the rest.
  let driverRefresh: Promise<void> | null = null;
  let driverRefreshAgain = false;
  function refreshDriverIfSignedIn(): Promise<void> {
    if (driverRefresh) {
      driverRefreshAgain = true;
      return driverRefresh;
    }
    driverRefresh = (async () => {
      do {
        driverRefreshAgain = false;
        if (await driverSession(db)) await settle(() => refreshAfterAnswers(ctx));
      } while (driverRefreshAgain);
    })().finally(() => {
      driverRefresh = null;
    });
    return driverRefresh;
  }

  // React's strict mode and a second tab both call boot twice; one pass is enough.
  let booting: Promise<BootResult> | null = null;

  const api = {
    boot() {
      booting ??= (async () => {
        try {
          await mirror(await isSimulatedOffline(db));
          const result = await boot(ctx);
          // A banned user (or a session the server ended) is signed out before the screens settle;
          // not when the page is about to clear everything and reload.
          if (result.online && result.version?.kind !== 'cache-clear-required') {
            await settle(() => checkBan(ctx));
            // The home banner of a customer's order on its way (no request when nobody is signed in).
            await settle(() => checkRunningOrder(ctx, watchedOrders));
          }
          if (result.online) void drainer.drain();
          return result;
        } finally {
          booting = null;
        }
      })();
      return booting;
    },
    refreshSettings: () => refreshSettings(ctx),
    refreshLanguages: () => refreshLanguages(ctx),
    selectLanguage: (languageId) => selectLanguage(ctx, languageId),
    refreshPopularLocations: () => refreshPopularLocations(ctx),
    async setAddress(address) {
      await db.transaction('rw', db.address, db.prefs, async () => {
        await writeAddress(db, address, now());
        await writePref(db, PrefKey.locationChosenByUser, true);
      });
    },
    openPage: (slug) => refreshPage(ctx, slug),
    completeCacheClear: (settingsVersion, cacheVersion) => completeCacheClear(ctx, settingsVersion, cacheVersion),
    async setSimulatedOffline(offline) {
      await storeSimulatedOffline(db, offline);
      await mirror(offline);
      if (offline) {
        await recordConnectivity(db, 'offline', now());
        return;
      }
      await Promise.all([drainer.drain(), refreshReplica(ctx, { settings: true })]);
    },
    async queueAction(input) {
      const entry = await queueAction(db, effects, input, now());
      void drainer.drain();
      return { id: entry.id };
    },
    drainOutbox: () => drainer.drain(),
    async settleFromServiceWorker(message) {
      // A settled row may have held up later rows of its user; a driver's answered step moved their lists on the server.
      if (await settleFromServiceWorker(db, effects, message, now())) {
        void drainer.drain();
        void refreshDriverIfSignedIn();
      }
    },
    refreshHome: () => refreshHome(ctx),
    setOrderType: (orderType) => setOrderType(ctx, orderType),
    refreshFilteredStores: (categoryIds) => refreshFilteredStores(ctx, categoryIds),
    openStore: (slug) => openStore(ctx, slug),
    openItem: (itemId) => openItem(ctx, itemId),
    selectStore: (storeId) => selectStore(ctx, storeId),
    openReviews: (slug) => openReviews(ctx, slug),
    searchStores: (query) => searchStores(ctx, query),
    reverseGeocode: (lat, lng) => reverseGeocode(ctx, lat, lng),
    useGpsFix: (lat, lng, fixOptions) => useGpsFix(ctx, lat, lng, fixOptions),
    searchPlaces: (query) => searchPlaces(ctx, query),
    register: (input) => settle(() => register(ctx, input)),
    loginWithPassword: (emailOrPhone, password) => settle(() => loginWithPassword(ctx, emailOrPhone, password)),
    requestLoginCode: (phone) => settle(() => requestLoginCode(ctx, phone)),
    loginWithCode: (input) => settle(() => loginWithCode(ctx, input)),
    sendOtp: (phone, email) => settle(() => sendOtp(ctx, phone, email)),
    verifyOtp: (phone, code) => settle(() => verifyOtp(ctx, phone, code)),
    requestPasswordReset: (email) => settle(() => requestPasswordReset(ctx, email)),
    verifyPasswordResetCode: (email, code) => settle(() => verifyPasswordResetCode(ctx, email, code)),
    changePassword: (email, code, password) => settle(() => changePassword(ctx, email, code, password)),
    refreshProfile: () => settle(() => refreshProfile(ctx)),
    changeAvatar: (image) => settle(() => changeAvatar(ctx, image)),
    updateTaxNumber: (taxNumber) => settle(() => updateTaxNumber(ctx, taxNumber)),
    deleteAccount: () => settle(() => deleteAccount(ctx)),
    // The streams of this customer's orders carry their token: they close with the session.
    logout: () => settle(() => logout(ctx).finally(() => trackers.stopAll())),
    checkBan: () => settle(() => checkBan(ctx)),
    loginAsCustomer: (userId) => settle(() => loginAsCustomer(ctx, userId)),
    registerGuestUser: (input) => settle(() => registerGuestUser(ctx, input)),
    stopActing: () => settle(() => stopActing(ctx)),
    refreshPageList: () => settle(() => refreshPageList(ctx)),
    refreshFavourites: () => refreshFavourites(ctx),
    toggleFavourite: (storeId) => toggleFavourite(ctx, { effects, drain: () => drainer.drain() }, storeId),
    refreshAlerts: () => refreshAlerts(ctx),
    markAlertRead: (alertId) => markAlertRead(ctx, { effects, drain: () => drainer.drain() }, alertId),
    markAllAlertsRead: () => markAllAlertsRead(ctx, { effects, drain: () => drainer.drain() }),
    refreshWallet: () => refreshWallet(ctx),
    savePushToken: (pushToken) => savePushToken(ctx, pushToken),
    addToCart: (input) => settle(() => addToCart(ctx, input)),
    setCartLineQuantity: (lineId, quantity) => settle(() => setCartLineQuantity(ctx, lineId, quantity)),
    removeCartLine: (lineId) => settle(() => removeCartLine(ctx, lineId)),
    restoreCartLine: (removed) => settle(() => restoreCartLine(ctx, removed)),
    clearCart: () => settle(() => clearCart(ctx)),
    checkCart: () => settle(() => checkCart(ctx, { effects, drain: () => drainer.drain() })),
    refreshAddresses: () => settle(() => refreshAddresses(ctx)),
    saveAddress: (input) => settle(() => saveAddress(ctx, input)),
    deleteAddress: (addressId) => settle(() => deleteAddress(ctx, addressId)),
    setDefaultAddress: (addressId) => settle(() => setDefaultAddress(ctx, addressId)),
    checkRunningOrder: () => settle(() => checkRunningOrder(ctx, watchedOrders)),
    trackOrder: (uniqueOrderId) => settle(() => trackers.track(uniqueOrderId)),
    stopTracking: (uniqueOrderId) => trackers.stopTracking(uniqueOrderId),
    openRatableOrder: (uniqueOrderId) => settle(() => openRatableOrder(ctx, uniqueOrderId)),
    rateOrder: (input) => settle(() => rateOrder(ctx, input)),
    refreshPaymentGateways: () => settle(() => refreshPaymentGateways(ctx)),
    quoteCheckout: (choices) => settle(() => quoteCheckout(ctx, checkout, choices)),
    applyCoupon: (code, choices) => settle(() => applyCoupon(ctx, checkout, code, choices)),
    removeCoupon: () => settle(() => removeCoupon(ctx)),
    setLoyaltyRedemption: (points) => settle(() => setLoyaltyRedemption(ctx, points)),
    placeOrder: (input) => settle(() => placeOrder(ctx, checkout, input)),
    startPayment: (uniqueOrderId) => settle(() => startPayment(ctx, checkout, uniqueOrderId)),
    confirmStripePayment: (uniqueOrderId, paymentMethod) => settle(() => confirmStripePayment(ctx, checkout, uniqueOrderId, paymentMethod)),
    captureStripeRedirect: (paymentIntent) => settle(() => captureStripeRedirect(ctx, checkout, paymentIntent)),
    processRazorpayPayment: (uniqueOrderId, answer) => settle(() => processRazorpayPayment(ctx, checkout, uniqueOrderId, answer)),
    verifyGatewayPayment: (uniqueOrderId, gateway, paymentId) => settle(() => verifyGatewayPayment(ctx, checkout, uniqueOrderId, gateway, paymentId)),
    refreshOrders: () => settle(() => refreshOrders(ctx)),
    loadMoreOrders: () => settle(() => loadMoreOrders(ctx)),
    refreshOrder: (uniqueOrderId) => settle(() => refreshOrder(ctx, uniqueOrderId)),
    cancelOrder: (uniqueOrderId, reason) => settle(() => cancelOrder(ctx, uniqueOrderId, reason)),
    driverLogin: (input) => settle(() => driverLogin(ctx, input)),
    driverLogout: () => driverLogout(ctx),
    refreshDriver: () => settle(() => refreshDriver(ctx)),
    refreshDriverOrder: (uniqueOrderId) => settle(() => refreshDriverOrder(ctx, uniqueOrderId)),
    refreshCompletedOrders: (before) => settle(() => refreshCompletedOrders(ctx, before)),
    setDriverOnline: (online) => settle(() => setDriverOnline(ctx, driverDeps, online)),
    driverMove: (uniqueOrderId, move, deliveryPin) => settle(() => driverMove(ctx, driverDeps, uniqueOrderId, move, deliveryPin)),
    recordDriverFix: (fix) => recordDriverFix(ctx, driverDeps, fix),
    dismissDriverRejection: (uniqueOrderId) => dismissDriverRejection(ctx, uniqueOrderId),
  } satisfies SyncWorkerApi;

  return { api, drainer, trackers };
}
