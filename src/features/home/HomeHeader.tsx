import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentAddress } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { formatHeaderAddress } from '../../lib/truncate.ts';
import { ChevronDownIcon, PinIcon } from '../../ui/icons.tsx';

function StoreLogo() {
  const settings = useSettings();
  const [failed, setFailed] = useState(false);
  const name = settings.get('storeName');
  // Offline and never cached, the logo cannot load: the store name stands in.
  if (failed) return <span className="home-logo-text">{name}</span>;
  return <img className="home-logo" src={settings.get('storeLogo')} alt={name} width={96} height={36} onError={() => setFailed(true)} />;
}

/** Spec §2 mobile home header: logo and the current address, which opens /search-location. */
export function HomeHeader() {
  const t = useT();
  const address = useCurrentAddress();
  const shown = address ? formatHeaderAddress(address, t('defaultAddressTag')) : null;

  return (
    <header className="home-header">
      <StoreLogo />
      <Link className="header-address" to="/search-location" data-testid="header-address">
        <PinIcon />
        <span className="header-address-text">
          {shown ? (
            <>
              <span className="header-address-tag">
                <span>{shown.tag}</span>
                <ChevronDownIcon />
              </span>
              <span className="header-address-line" data-testid="header-address-line">
                {shown.house && <span data-testid="header-address-house">{shown.house}, </span>}
                <span data-testid="header-address-address">{shown.address}</span>
              </span>
            </>
          ) : (
            <span className="header-address-tag">
              <span>{address === undefined ? t('loading') : t('chooseLocation')}</span>
              <ChevronDownIcon />
            </span>
          )}
        </span>
      </Link>
    </header>
  );
}
