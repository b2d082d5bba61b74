/** What the availability check is doing, in words, announced politely as it changes. */
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import type { CartCheckView } from './cart-check-view.ts';

function timeOf(iso: string, locale: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(date);
  }
}

export function CartCheckNote({ check }: { check: CartCheckView }) {
  const t = useT();
  const locale = useLanguage()?.code;
  let words: string;
  switch (check.state) {
    case 'idle':
    case 'checking':
      words = t('cartChecking');
      break;
    case 'waiting-network':
      words = t('cartCheckWaiting');
      break;
    case 'retrying':
      words = t('cartCheckRetrying');
      break;
    case 'checked':
      words = t('cartCheckedAt', { time: timeOf(check.checkedAt, locale) });
      break;
    case 'failed':
      words = t('cartCheckFailed', { reason: check.words });
      break;
    case 'expired':
      words = t('cartCheckExpired');
      break;
  }
  return (
    <p className={`cart-check cart-check-${check.state}`} role="status" data-testid="cart-check">
      {words}
    </p>
  );
}
