/**
 * The checkout's form: the choices (order type, address, notes, tip, coupon,
 * points, payment), the server's price of them, and "Place order". Every
 * change asks for a new price; "Place order" waits until the server priced
 * exactly these choices, and places the order at the total it shows (the
 * server refuses another with PRICE_CHANGED, and the new total is shown to
 * confirm). Placing is online only: offline the customer is told, and the
 * cart and choices stay as they are.
 *
 * A visitor (no session) sees the same form priced as nobody (no wallet, no
 * points, no saved addresses: the current location stands in), tries a
 * coupon, and in place of "Place order" is asked to sign in or sign up,
 * which comes back here with the cart, the coupon and the choices kept.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { VISITOR_QUOTE_USER_ID, type CheckoutFailure } from '../../api/checkout/worker-api.ts';
import { MAX_ORDER_NOTES_LENGTH } from '../../api/orders/limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { withNextPath } from '../../lib/return-path.ts';
import { DishImage } from '../../ui/DishImage.tsx';
import { PriceBreakdown } from '../orders/PriceBreakdown.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { deliveryAreaOf, deriveCheckout } from './checkout-choices.ts';
import { CouponField } from './CouponField.tsx';
import { DeliveryAddressChoice } from './DeliveryAddressChoice.tsx';
import { LoyaltyChoice } from './LoyaltyChoice.tsx';
import { OrderTypeChoice } from './OrderTypeChoice.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { runningOrderPath } from './PaymentStep.tsx';
import { refusalText } from '../../lib/refusal-text.ts';
import { TipChoice } from './TipChoice.tsx';
import { useCheckoutDraft } from './use-checkout-draft.ts';
import type { CheckoutView } from './use-checkout-view.ts';
import { useQuoteRequests } from './use-quote-requests.ts';

/** The server's refusals after which the cart's lines are checked again, so /cart marks what cannot be ordered. */
const CART_REFUSALS = ['ITEMS_UNAVAILABLE', 'STORE_CLOSED'];

interface CheckoutFormProps {
  /** Without a session: a visitor's checkout, priced but placed only after signing in. */
  view: CheckoutView;
  /** Something to say first (a card payment that failed). */
  notice: TextKey | null;
}

export function CheckoutForm({ view, notice }: CheckoutFormProps) {
  const t = useT();
  const money = useMoney();
  const settings = useSettings();
  const worker = useSyncWorker();
  const navigate = useNavigate();
  const notesId = useId();
  const { offline } = useConnectivity();
  const { draft, update, forget } = useCheckoutDraft(view.session?.userId ?? null);
  const quoteRow = view.quote;
  const quote = quoteRow?.quote ?? null;
  const derived = deriveCheckout({
    draft,
    store: view.store,
    preferredOrderType: view.preferredOrderType,
    savedAddresses: view.savedAddresses,
    currentAddress: view.currentAddress,
    lastDeliveryAddress: view.lastDeliveryAddress,
    quote: quoteRow,
    gateways: view.gateways,
    tipsSetting: settings.on('tipsEnabled'),
    cartSubtotal: view.meta?.totalPrice ?? 0,
  });
  const { choices } = derived;
  const visitor = view.session === null;
  const priceKey = JSON.stringify([
    view.session?.userId ?? VISITOR_QUOTE_USER_ID,
    view.storeId,
    view.lines.map((line) => [line.id, line.quantity]),
    choices,
    view.coupon?.code ?? null,
    view.coupon?.applied?.code ?? null,
    view.meta?.couponError ?? null,
    view.meta?.loyalty?.redeemed ?? false,
    view.meta?.loyalty?.redeemedPoints ?? 0,
  ]);
  const { quoting, unreachable, priced } = useQuoteRequests(choices, priceKey);
  const [placing, setPlacing] = useState(false);
  const placingNow = useRef(false);
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const storeName = view.meta?.store?.name ?? view.store?.name ?? '';
  const lineNames = view.lines.map((line) => line.name ?? `#${line.itemId}`);

  useEffect(() => {
    if (!visitor) void worker.refreshPaymentGateways();
  }, [worker, visitor]);
  useEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);
  // "You're offline" stops being true when the network is back: it goes without a tap (issue 32.7).
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) setFailure((current) => (current?.reason === 'offline' ? null : current));
    wasOffline.current = offline;
  }, [offline]);
  const offlineFailure = failure?.reason === 'offline';

  const delivery = choices.orderType === 'DELIVERY';
  const missingAddress = delivery && choices.address === null;
  const refusal = quoteRow?.refusal && !quoting ? quoteRow.refusal : null;
  // The customer has seen the total the server charges for exactly this cart and these choices, or nothing is placed.
  const unpriced = quote === null || !priced;
  const blocked = missingAddress || derived.tip.error !== null || derived.paymentMode === null || refusal !== null || unpriced;
  const refusedCart = refusal !== null && CART_REFUSALS.includes(refusal.code);
  // The price was refused for the cart itself: check its lines, so /cart marks what cannot be ordered.
  useEffect(() => {
    if (refusedCart) void worker.checkCart();
  }, [refusedCart, worker]);

  const place = async () => {
    // A second tap while the first is on its way sends nothing (the worker's key makes even that harmless).
    if (visitor || placingNow.current || blocked || derived.paymentMode === null || quote === null) return;
    placingNow.current = true;
    setPlacing(true);
    setFailure(null);
    const result = await worker.placeOrder({ ...choices, paymentMode: derived.paymentMode, expectedTotal: quote.total });
    placingNow.current = false;
    setPlacing(false);
    if (!result.ok) {
      setFailure(result);
      if ('code' in result && CART_REFUSALS.includes(result.code)) void worker.checkCart();
      return;
    }
    // A card order stays here (the payment step takes over once the replica shows it waiting) and keeps
    // the choices until it is paid: a declined card brings the customer back to them.
    if (result.value.awaitingPayment) return;
    forget();
    void navigate(runningOrderPath(result.value.uniqueOrderId), { replace: true });
  };

  return (
    <div className="checkout" data-testid="checkout-form">
      {notice && (
        <p className="checkout-problem" role="alert" data-testid="checkout-notice">
          {t(notice)}
        </p>
      )}
      <section className="checkout-section checkout-cart" aria-labelledby="checkout-from">
        <h2 id="checkout-from" className="checkout-heading">
          {t('checkoutFrom', { store: storeName })}
        </h2>
        <ul className="checkout-lines">
          {view.lines.map((line) => (
            <li key={line.id} className="checkout-line" data-testid="checkout-line">
              <DishImage src={line.image} size={48} />
              <span className="checkout-line-text">
                <span>{t('checkoutLine', { quantity: line.quantity, name: line.name ?? `#${line.itemId}` })}</span>
                {line.addons.length > 0 && <span className="checkout-note">{line.addons.map((addon) => addon.name).join(', ')}</span>}
              </span>
            </li>
          ))}
        </ul>
        <Link to="/cart">{t('checkoutEditCart')}</Link>
      </section>

      <OrderTypeChoice storeName={storeName} allowed={derived.orderTypes} value={choices.orderType} onChange={(orderType) => update({ orderType })} />
      {delivery ? (
        <DeliveryAddressChoice
          choice={derived.address}
          currentAddress={view.currentAddress}
          area={deliveryAreaOf(view.store)}
          onSelect={(addressId) => update({ addressId })}
        />
      ) : (
        <p className="checkout-section checkout-note" data-testid="pickup-at">
          {t('checkoutPickupAt', { store: storeName })}
        </p>
      )}

      <section className="checkout-section">
        <div className="form-field">
          <label className="form-label" htmlFor={notesId}>
            {t('checkoutNotes')}
          </label>
          <textarea
            id={notesId}
            className="form-input checkout-notes"
            rows={2}
            maxLength={MAX_ORDER_NOTES_LENGTH}
            value={draft.notes}
            aria-describedby={`${notesId}-hint`}
            onChange={(event) => update({ notes: event.target.value })}
          />
          <p id={`${notesId}-hint`} className="form-hint">
            {t('checkoutNotesHint')}
          </p>
        </div>
      </section>

      {derived.tip.offered && (
        <TipChoice value={draft.tip} subtotal={quote?.subtotal ?? view.meta?.totalPrice ?? 0} error={derived.tip.error} onChange={(tip) => update({ tip })} />
      )}
      <CouponField coupon={view.coupon} couponError={view.meta?.couponError ?? null} discount={quote?.coupon?.discount ?? null} choices={choices} />
      {/* Points and the ways to pay are the account's: a visitor chooses them once signed in. */}
      {!visitor && quote?.loyalty.enabled && (
        <LoyaltyChoice summary={quote.loyalty} redemption={view.meta?.loyalty ?? null} dropped={quoteRow?.dropped.loyalty ?? null} />
      )}
      {!visitor && (
        <PaymentChoice
          modes={derived.paymentModes}
          value={derived.paymentMode}
          orderType={choices.orderType}
          quote={quote}
          walletFirst={choices.useWallet && derived.paymentMode === 'COD'}
          onChange={(paymentMode) => update({ paymentMode })}
          onWalletFirst={(useWallet) => update({ useWallet })}
        />
      )}

      <section className="checkout-section checkout-price" aria-labelledby="checkout-price" aria-busy={quoting}>
        <h2 id="checkout-price" className="checkout-heading">
          {t('priceBreakdown')}
        </h2>
        {quote ? (
          <>
            <PriceBreakdown price={quote} orderType={quote.order_type} couponCode={quote.coupon?.code ?? null} distanceKm={quote.distance_km} />
            <SavedNote fetchedAt={quoteRow?.fetchedAt} testId="quote-saved-note" />
          </>
        ) : (
          !quoting && <p className="checkout-note">{t('checkoutNoPriceYet')}</p>
        )}
        {quoting && <p className="checkout-note" role="status">{t('checkoutUpdatingPrices')}</p>}
        {unreachable && quote && <p className="checkout-note">{t('checkoutPricesSaved')}</p>}
        {refusal && (
          <p className="checkout-problem" role="alert" data-testid="quote-refusal">
            {refusalText({ ok: false, reason: 'invalid', message: '', ...refusal }, { t, money, lineNames, minimum: null })}
          </p>
        )}
      </section>

      {visitor ? (
        <section className="checkout-section checkout-sign-in" aria-labelledby="checkout-sign-in" data-testid="checkout-sign-in">
          <h2 id="checkout-sign-in" className="checkout-heading">
            {t('checkoutSignIn')}
          </h2>
          <p className="checkout-note">{t('checkoutVisitorKept')}</p>
          <div className="checkout-sign-in-actions">
            <Link className="button button-primary button-large" to={withNextPath('/login', '/checkout')}>
              {t('signIn')}
            </Link>
            <Link className="button button-ghost button-large" to={withNextPath('/register', '/checkout')}>
              {t('registerAction')}
            </Link>
          </div>
        </section>
      ) : (
        <section className="checkout-section checkout-place">
          {view.attempt && <p className="checkout-note" data-testid="attempt-waiting">{t('checkoutAttemptWaiting')}</p>}
          {/* One message for one fact: after a tap offline, its alert says it. */}
          {offline && !offlineFailure && <p className="checkout-note" data-testid="checkout-offline">{t('checkoutOfflineNote')}</p>}
          {failure && (
            <p ref={alert} id="place-order-error" className="checkout-problem" role="alert" tabIndex={-1} data-testid="place-order-error">
              {refusalText(failure, { t, money, lineNames, minimum: quote?.min_order_subtotal ?? null, offlineKey: 'checkoutOffline', timeoutKey: 'checkoutTimeout', total: quote?.total ?? null })}
            </p>
          )}
          <button
            type="button"
            className="button button-primary button-large checkout-place-button"
            data-testid="place-order"
            disabled={placing || blocked}
            aria-describedby={failure ? 'place-order-error' : undefined}
            onClick={() => void place()}
          >
            {placing ? t('checkoutPlacing') : quote ? t('checkoutPlaceOrderTotal', { amount: money(quote.total) }) : t('checkoutPlaceOrder')}
          </button>
        </section>
      )}
    </div>
  );
}
