/**
 * A phone number as a call button (`tel:`), named for who answers it, so a
 * driver, a store or an administrator calls with one tap and a screen
 * reader says whom.
 */
import { useT } from '../base/settings-and-language.tsx';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function PhoneLink({ phone, name, className = 'button button-ghost' }: { phone: string; name: string; className?: string }) {
  const t = useT();
  return (
    <a className={className} href={telHref(phone)} aria-label={t('driverCall', { name, phone })} dir="ltr">
      {phone}
    </a>
  );
}
