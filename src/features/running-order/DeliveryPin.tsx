/** The PIN the customer gives the driver at the door (deliver-order checks it): large, and read digit by digit. */
import { useT } from '../../base/settings-and-language.tsx';

export function DeliveryPin({ pin }: { pin: string }) {
  const t = useT();
  const digits = [...pin];
  return (
    <section className="card delivery-pin" aria-labelledby="delivery-pin-title" data-testid="delivery-pin">
      <h2 id="delivery-pin-title" className="delivery-pin-title">
        {t('runningOrderPin')}
      </h2>
      {/* Large digits for the eye; for a screen reader the same digits spaced, so it says "4 2 1 7", not "four thousand two hundred…". */}
      <p className="delivery-pin-code" aria-hidden="true" data-testid="delivery-pin-code">
        {digits.map((digit, index) => (
          <span key={index} className="delivery-pin-digit">
            {digit}
          </span>
        ))}
      </p>
      <p className="visually-hidden" data-testid="delivery-pin-spoken">
        {digits.join(' ')}
      </p>
      <p className="delivery-pin-hint">{t('runningOrderPinHint')}</p>
    </section>
  );
}
