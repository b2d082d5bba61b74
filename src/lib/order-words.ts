/** An order's status, payment mode and payment status in words (text keys), for the orders screens and the checkout. */
import type { OrderType } from '../api/orders/limits.ts';
import { OrderStatus } from '../api/orders/status.ts';
import type { OrderPaymentStatus, PaymentMethodId } from '../api/checkout/payment-limits.ts';
import type { TextKey } from '../api/language/texts.ts';

const STATUS_TEXT: Record<number, TextKey> = {
  [OrderStatus.PLACED]: 'orderStatusPlaced',
  [OrderStatus.PREPARING]: 'orderStatusPreparing',
  [OrderStatus.DRIVER_ASSIGNED]: 'orderStatusDriverAssigned',
  [OrderStatus.PICKED_UP]: 'orderStatusPickedUp',
  [OrderStatus.DELIVERED]: 'orderStatusDelivered',
  [OrderStatus.CANCELLED]: 'orderStatusCancelled',
  [OrderStatus.READY_FOR_PICKUP]: 'orderStatusReadyForPickup',
  [OrderStatus.AWAITING_PAYMENT]: 'orderStatusAwaitingPayment',
  [OrderStatus.PAYMENT_FAILED]: 'orderStatusPaymentFailed',
};

/** DESIGN §6 code → words; a self-pickup order is collected rather than delivered. */
export function orderStatusText(status: number, orderType: OrderType): TextKey {
  if (status === OrderStatus.DELIVERED && orderType === 'SELFPICKUP') return 'orderStatusCollected';
  return STATUS_TEXT[status] ?? 'orderStatusUnknown';
}

const METHOD_TEXT: Record<PaymentMethodId, TextKey> = {
  COD: 'paymentCod',
  WALLET: 'paymentWallet',
  STRIPE: 'paymentStripe',
  RAZORPAY: 'paymentRazorpay',
  PAYTM: 'paymentPaytm',
  PAYMONGO: 'paymentPaymongo',
  MERCADOPAGO: 'paymentMercadoPago',
  KHALTI: 'paymentKhalti',
};

/** Cash is paid at the counter for self pickup, on delivery otherwise. */
export function paymentMethodText(method: PaymentMethodId, orderType: OrderType): TextKey {
  if (method === 'COD' && orderType === 'SELFPICKUP') return 'paymentCodPickup';
  return METHOD_TEXT[method];
}

const PAYMENT_STATUS_TEXT: Record<OrderPaymentStatus, TextKey> = {
  PENDING: 'paymentStatusPending',
  PAID: 'paymentStatusPaid',
  FAILED: 'paymentStatusFailed',
  REFUNDED: 'paymentStatusRefunded',
};

export function paymentStatusText(status: OrderPaymentStatus): TextKey {
  return PAYMENT_STATUS_TEXT[status];
}

/** "Deliver to" while the order is on its way, "Delivered to" once it is there (issue 32.3: it said delivered before it was). */
export function deliveryAddressText(status: number): TextKey {
  return status === OrderStatus.DELIVERED ? 'orderDeliveredTo' : 'orderDeliverTo';
}
