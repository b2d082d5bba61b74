/**
 * Every setting the app reads, with its default. The seed writes these; the
 * sync worker writes them into the replica under what the server sends, so a
 * key the server lacks still has a value and the UI needs no copy of this
 * table. Values travel as strings (spec §3: key/value pairs).
 */
import { isSwitchOn, numberOr } from './values.ts';

export const SETTING_DEFAULTS = {
  // Identity and look
  storeName: 'FoodPilot',
  storeShortName: 'FoodPilot',
  storeDescription: 'Food from the best places in town, delivered or ready to pick up.',
  storeColor: '#e8501b',
  storeLogo: '/public/images/logo.svg',
  storeIcon192: '/public/images/icon-192.png',
  storeIcon512: '/public/images/icon-512.png',
  storeMaskableIcon: '/public/images/icon-maskable-512.png',
  pwaBackgroundColor: '#ffffff',
  cartColorBg: '#e8501b',
  cartColorText: '#ffffff',
  updatingMessage: 'Updating to the newest version…',
  // Desktop landing
  desktopHeading: 'Hungry? Order from the best places in town.',
  desktopSubHeading: 'Delivery or self pickup, on any phone, even on a patchy connection.',
  desktopUseAppButton: 'Use the app',
  desktopAchievementOneTitle: '',
  desktopAchievementOneSub: '',
  desktopAchievementTwoTitle: '',
  desktopAchievementTwoSub: '',
  desktopAchievementThreeTitle: '',
  desktopAchievementThreeSub: '',
  desktopAchievementFourTitle: '',
  desktopAchievementFourSub: '',
  desktopFooterAddress: '12 Market Street, Riverton',
  desktopFooterSocialHeader: 'Follow us',
  desktopSocialFacebookLink: 'https://facebook.com/',
  desktopSocialInstagramLink: 'https://instagram.com/',
  desktopSocialTwitterLink: 'https://twitter.com/',
  // Switches (spec §9)
  enSPU: 'true',
  showPromoSlider: 'true',
  mockSearchOnHomepage: 'true',
  enRestaurantCategorySlider: 'true',
  showGdpr: 'true',
  enablePushNotification: 'false',
  enIOSPWAPopup: 'true',
  showPwaInstallPromptFooter: 'true',
  /** The account page's "Simulate offline mode" for everyone; otherwise only on a device opened with ?offline once. */
  testerToolsEnabled: 'false',
  footerStyleType: 'FLOAT',
  currencySymbolAlign: 'left',
  currencySymbol: '$',
  currencyCode: 'USD',
  useSimpleSpinner: 'false',
  customCSS: '',
  deliveryAppLightMode: 'true',
  // Push notifications: Firebase's web app config (public by design) and the
  // Web Push key pair's public key. While any is empty, push is unavailable
  // and the app says nothing about it.
  firebaseApiKey: '',
  firebaseProjectId: '',
  firebaseMessagingSenderId: '',
  firebaseAppId: '',
  firebaseVapidKey: '',
  // Category slider (spec §9)
  restaurantCategorySliderSize: '2',
  restaurantCategorySliderStyle: 'rounded',
  restaurantCategorySliderPosition: '1',
  showRestaurantCategorySliderLabel: 'true',
  // Messages
  gpsAccessNotGrantedMsg: 'Location access was not granted. Allow it in your browser settings, or pick a location.',
  offlineTitleMessage: 'You are offline',
  offlineSubTitleMessage: 'This page has not been opened on this device yet. Reconnect to load it.',
  customHomeMessage: '',
  gdprMessage: 'We use local storage to keep your cart and preferences on this device.',
  // Payment methods the admin offers at checkout (checkout/payment-limits.ts PAYMENT_METHOD_SETTINGS).
  // A card gateway is offered only when switched on here AND its credentials
  // are set in the server's environment; secrets never live in settings.
  codEnabled: 'true',
  walletPaymentEnabled: 'true',
  stripeEnabled: 'false',
  razorpayEnabled: 'false',
  paytmEnabled: 'false',
  paymongoEnabled: 'false',
  mercadoPagoEnabled: 'false',
  khaltiEnabled: 'false',
  // Checkout: tips (delivery orders only, up to orders/limits.ts MAX_TIP) and
  // loyalty points. Points are earned on the subtotal after discounts, per
  // whole currency unit, once the order is delivered; each point redeemed
  // takes loyaltyPointValue minor units off, for at least
  // loyaltyMinRedeemPoints points and at most loyaltyMaxRedeemPercent % of
  // the subtotal after the coupon. Defaults: 1 point per $1, 100 points = $1.
  tipsEnabled: 'true',
  loyaltyEnabled: 'true',
  loyaltyPointsPerCurrencyUnit: '1',
  loyaltyPointValue: '1',
  loyaltyMinRedeemPoints: '100',
  loyaltyMaxRedeemPercent: '50',
  // The driver area (driver/limits.ts): orders a driver may hold at once,
  // their earning per delivered order (a percentage of the subtotal or of
  // the delivery fee; tips go to them in full), how often the app sends a
  // GPS fix while an order is active, and whether deliver-order asks for the
  // customer's PIN.
  driverMaxActiveOrders: '3',
  driverCommissionType: 'DELIVERY_FEE_PERCENT',
  driverCommissionRate: '80',
  driverGpsIntervalSeconds: '15',
  deliveryPinRequired: 'true',
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingsMap = Partial<Record<string, string>>;

export const SETTING_KEYS = Object.keys(SETTING_DEFAULTS) as SettingKey[];

/** The settings the spec's cache clear keeps (spec §4: colour, logo, updating message). */
export const SETTINGS_KEPT_ON_CACHE_CLEAR: readonly SettingKey[] = ['storeColor', 'storeLogo', 'updatingMessage'];

export function readSetting(settings: SettingsMap, key: SettingKey): string {
  return settings[key] ?? SETTING_DEFAULTS[key];
}

export function readSwitch(settings: SettingsMap, key: SettingKey): boolean {
  return isSwitchOn(readSetting(settings, key));
}

export function readNumber(settings: SettingsMap, key: SettingKey): number {
  return numberOr(settings[key], Number(SETTING_DEFAULTS[key]));
}
