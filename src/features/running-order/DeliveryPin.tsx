/** The PIN the customer gives the driver at the door (deliver-order checks it): large, and read digit by digit. */
import { useT } from '../../app/look.tsx';

export function DeliveryPin({ pin }: { pin: string }) {
  const t = useT();
  const digits = [...pin];
  return (
    <section className="card delivery-pin" aria-labelledby="delivery-pin-title" data-testid="delivery-pin">
      <h2 id="delivery-pin-title" className="delivery-pin-title">
        {t('runningOrderPin')}
      </h2>
      {/* Spaced digits so a screen reader says "4 2 1 7", not "four thousand two hundred…". */}
      <p className="delivery-pin-code" aria-label={digits.join(' ')} data-testid="delivery-pin-code">
        {digits.map((digit, index) => (
          <span key={index} className="delivery-pin-digit" aria-hidden="true">
            {digit}
          </span>
        ))}
      </p>
      <p className="delivery-pin-hint">{t('runningOrderPinHint')}</p>
    </section>
  );
}
