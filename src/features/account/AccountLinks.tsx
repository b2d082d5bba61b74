/** The account area's destinations (spec §2) and the content pages, as one list of links. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { TextKey } from '../../api/language/texts.ts';
import { usePref } from '../../base/hooks/use-replica-rows.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';
import type { PageList } from '../../db/session.ts';

const ACCOUNT_LINKS: readonly { to: string; label: TextKey }[] = [
  { to: '/my-orders', label: 'screenOrders' },
  { to: '/my-addresses', label: 'screenAddresses' },
  { to: '/my-wallet', label: 'screenWallet' },
  { to: '/my-favorite-stores', label: 'screenFavoriteStores' },
  { to: '/alerts', label: 'screenAlerts' },
];

function Chevron() {
  return (
    <svg className="account-link-chevron" viewBox="0 0 24 24" width="18" height="18" fill="none" aria-hidden="true" focusable="false">
      <path className="flip-rtl" d="M9 6l6 6-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function AccountLinks({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  return (
    <nav className="card account-links" aria-labelledby="account-links-heading">
      <h2 id="account-links-heading" className="card-title">
        {signedIn ? t('accountYourThings') : t('accountSignedOutLinks')}
      </h2>
      <ul>
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>
              <span>{t(link.label)}</span>
              <Chevron />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The content pages (about, terms, privacy…), as the server last listed them. */
export function PageLinks() {
  const t = useT();
  const { worker } = useServices();
  const list = usePref(PrefKey.pageList) as PageList | null | undefined;
  useEffect(() => {
    void worker.refreshPageList();
  }, [worker]);
  const pages = list?.pages ?? [];
  if (pages.length === 0) return null;
  return (
    <nav className="card account-links" aria-labelledby="page-links-heading" data-testid="page-links">
      <h2 id="page-links-heading" className="card-title">
        {t('accountPagesHeading')}
      </h2>
      <ul>
        {pages.map((page) => (
          <li key={page.id}>
            <Link to={`/pages/${page.slug}`}>
              <span>{page.name}</span>
              <Chevron />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
