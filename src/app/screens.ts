/**
 * Every screen but the first, loaded on demand (spec §2): one chunk per
 * feature area, so a phone opening '/' downloads none of them.
 */
import { lazyScreen } from '../ui/lazy-screen.tsx';

const location = () => import('../features/location/location-screens.tsx');
const stores = () => import('../features/stores/store-screens.tsx');
const explore = () => import('../features/explore/explore-screens.tsx');
const auth = () => import('../features/auth/auth-screens.tsx');
const account = () => import('../features/account/account-screens.tsx');
const favourites = () => import('../features/account/favourites-screen.tsx');
const addresses = () => import('../features/addresses/addresses-screens.tsx');
const alerts = () => import('../features/alerts/AlertsScreen.tsx');
const wallet = () => import('../features/wallet/WalletScreen.tsx');
const rating = () => import('../features/rating/rating-screens.tsx');
const cart = () => import('../features/cart/cart-screens.tsx');
const checkout = () => import('../features/checkout/checkout-screens.tsx');
const orders = () => import('../features/orders/orders-screens.tsx');
const runningOrder = () => import('../features/running-order/running-order-screens.tsx');
const pages = () => import('../features/pages/page-screens.tsx');
const callCentre = () => import('../features/call-centre/call-centre-screens.tsx');

export const SearchLocationScreen = lazyScreen(() => location().then((m) => m.SearchLocationScreen));
export const CategoryStoresScreen = lazyScreen(() => stores().then((m) => m.CategoryStoresScreen));
export const StoreScreen = lazyScreen(() => stores().then((m) => m.StoreScreen));
export const ExploreScreen = lazyScreen(() => explore().then((m) => m.ExploreScreen));
export const LoginScreen = lazyScreen(() => auth().then((m) => m.LoginScreen));
export const ForgotPasswordScreen = lazyScreen(() => auth().then((m) => m.ForgotPasswordScreen));
export const RegisterScreen = lazyScreen(() => auth().then((m) => m.RegisterScreen));
export const AccountScreen = lazyScreen(() => account().then((m) => m.AccountScreen));
export const AlertsScreen = lazyScreen(() => alerts().then((m) => m.AlertsScreen));
export const AddressesScreen = lazyScreen(() => addresses().then((m) => m.AddressesScreen));
export const WalletScreen = lazyScreen(() => wallet().then((m) => m.WalletScreen));
export const OrdersScreen = lazyScreen(() => orders().then((m) => m.OrdersScreen));
export const OrderDetailScreen = lazyScreen(() => orders().then((m) => m.OrderDetailScreen));
export const FavoriteStoresScreen = lazyScreen(() => favourites().then((m) => m.FavoriteStoresScreen));
export const RateOrderScreen = lazyScreen(() => rating().then((m) => m.RateOrderScreen));
export const ReviewsScreen = lazyScreen(() => rating().then((m) => m.ReviewsScreen));
export const CartScreen = lazyScreen(() => cart().then((m) => m.CartScreen));
export const CheckoutScreen = lazyScreen(() => checkout().then((m) => m.CheckoutScreen));
export const RunningOrderScreen = lazyScreen(() => runningOrder().then((m) => m.RunningOrderScreen));
export const ContentPageScreen = lazyScreen(() => pages().then((m) => m.ContentPageScreen));
export const LoginAsCustomerScreen = lazyScreen(() => callCentre().then((m) => m.LoginAsCustomerScreen));
export const DeliveryArea = lazyScreen(() => import('../features/driver/DeliveryArea.tsx').then((m) => m.DeliveryArea));
export const AdminArea = lazyScreen(() => import('../features/admin/AdminArea.tsx').then((m) => m.AdminArea));
