/** An order's status, payment mode and payment status in words (text keys), for the orders screens and the checkout. */
import type { OrderType } from '../../api/order-limits.ts';
import type { OrderPaymentStatus, PaymentMethodId } from '../../api/payment-limits.ts';
import type { TextKey } from '../../api/texts.ts';

const STATUS_TEXT: Record<number, TextKey> = {
  1: 'orderStatusPlaced',
  2: 'orderStatusPreparing',
  3: 'orderStatusDriverAssigned',
  4: 'orderStatusPickedUp',
  5: 'orderStatusDelivered',
  6: 'orderStatusCancelled',
  7: 'orderStatusReadyForPickup',
  8: 'orderStatusAwaitingPayment',
  9: 'orderStatusPaymentFailed',
};

/** DESIGN §6 code → words; a self-pickup order is collected rather than delivered. */
export function orderStatusText(status: number, orderType: OrderType): TextKey {
  if (status === 5 && orderType === 'SELFPICKUP') return 'orderStatusCollected';
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
