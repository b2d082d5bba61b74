/**
 * Every translation key the app shows, with its English text. The seed writes
 * English from this table (and other languages beside it); the UI falls back
 * to it for a key the chosen language lacks, so no screen shows a raw key.
 */
export const ENGLISH_TEXTS = {
  // Tab bar
  tabNearMe: 'Near me',
  tabAlerts: 'Alerts',
  tabExplore: 'Explore',
  tabCart: 'Cart',
  tabAccount: 'Account',
  // Header and address
  deliverTo: 'Deliver to',
  defaultAddressTag: 'Current location',
  chooseLocation: 'Choose location',
  // Home shell
  homeNearbyStores: 'Stores near you',
  homeBrowseSoon: 'Pick a store to start an order.',
  loading: 'Loading…',
  // Offline and sync
  offlineBanner: 'You are offline. Showing what was saved on this device.',
  updatedAgo: 'Updated {minutes} min ago',
  updatedJustNow: 'Updated just now',
  simulatedOffline: 'Simulate offline mode',
  simulatedOfflineOn: 'Offline mode is simulated',
  syncNow: 'Sync now',
  pendingActions: '{count} waiting for network',
  // System screens
  notFoundTitle: 'Page not found',
  notFoundBody: 'We could not find what you were looking for.',
  goHome: 'Go to home',
  criticalErrorTitle: 'Critical Error: Primary location is not set by Admin',
  criticalErrorIntro: 'The app needs a primary popular location to show stores to new visitors.',
  criticalErrorStep1: 'Sign in to the admin console.',
  criticalErrorStep2: 'Open Popular Locations and add at least one location.',
  criticalErrorStep3: 'Mark one location as the primary (default) location and save.',
  criticalErrorStep4: 'Reload this page.',
  retry: 'Try again',
  loadFailedTitle: 'This screen could not be loaded',
  loadFailedBody: 'It took too long to load. Check your connection and try again.',
  // Updates and install
  updatingTitle: 'Updating',
  updateAvailable: 'A new version is ready.',
  updateNow: 'Update now',
  later: 'Later',
  installTitle: 'Install the app',
  installBody: 'Add it to your home screen for quick access, even offline.',
  installAction: 'Install',
  dismiss: 'Not now',
  iosInstallTitle: 'Install this app on your iPhone',
  iosInstallBody: 'Tap the Share button, then "Add to Home Screen".',
  close: 'Close',
  // Desktop landing
  languageLabel: 'Language',
  // Placeholder screens that later issues fill
  comingScreenBody: 'This part of the app is on its way.',
  gdprAccept: 'Accept',
  // Added by the UI spine: navigation and screen titles
  back: 'Back',
  mainNavigation: 'Main navigation',
  unreadAlertsBadge: '{count} unread',
  cartItemsBadge: '{count} in cart',
  screenSearchLocation: 'Choose your location',
  screenCategoryStores: 'Stores by category',
  screenStore: 'Store',
  screenExplore: 'Explore',
  screenLogin: 'Sign in',
  screenForgotPassword: 'Reset your password',
  screenRegister: 'Create an account',
  screenAccount: 'My account',
  screenAlerts: 'Alerts',
  screenAddresses: 'My addresses',
  screenWallet: 'My wallet',
  screenOrders: 'My orders',
  screenFavoriteStores: 'Favourite stores',
  screenRateOrder: 'Rate your order',
  screenReviews: 'Reviews',
  screenCart: 'Cart',
  screenCheckout: 'Checkout',
  screenRunningOrder: 'Your order',
  screenPage: 'Page',
  screenLoginAsCustomer: 'Sign in as a customer',
  screenAdmin: 'Admin console',
  screenDeliveryHome: 'Driver',
  screenDeliveryLogin: 'Driver sign in',
  screenDeliveryOrders: 'Delivery orders',
  screenDeliveryOrder: 'Delivery order',
  screenDeliveryCompleted: 'Completed deliveries',
  // Added by the UI spine: home, landing and system screens
  criticalErrorStepsHeading: 'How to fix it',
  appPreviewTitle: 'Preview of the app',
  desktopAchievementsHeading: 'Why people order with us',
  offlineTryAgain: 'Try again',
  testerTools: 'Tester tools',
  simulatedOfflineHint: 'The app treats the server as unreachable; queued actions are sent when you turn it off.',
  iosInstallShareHint: 'Share',
} as const;

export type TextKey = keyof typeof ENGLISH_TEXTS;
export const TEXT_KEYS = Object.keys(ENGLISH_TEXTS) as TextKey[];

/** Fills `{name}` placeholders. */
export function formatText(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
