/**
 * The live preview beside the settings: the app's header, a store card, the
 * buttons and the cart bar drawn in the colours, logo and name being edited,
 * before anything is saved. A colour still being typed (not yet #rrggbb)
 * keeps the last one that reads.
 */
import { brandInk, contrastRatio, parseHexColor, readableTextOn } from '../../../lib/contrast.ts';
import { useT } from '../../../base/settings-and-language.tsx';

/** Whether text of this colour reads (4.5:1) on that background. */
function readsOn(text: string, background: string): boolean {
  const [a, b] = [parseHexColor(text), parseHexColor(background)];
  return a !== null && b !== null && contrastRatio(a, b) >= 4.5;
}

/** The cart bar is drawn in the chosen colours when they read; otherwise its text turns white or black, as the app's brand text does. */
export function SettingsPreview({ value }: { value: (key: 'storeColor' | 'storeLogo' | 'storeName' | 'cartColorBg' | 'cartColorText' | 'currencySymbol') => { now: string; saved: string } }) {
  const t = useT();
  const colour = (key: 'storeColor' | 'cartColorBg' | 'cartColorText') => {
    const { now, saved } = value(key);
    return parseHexColor(now) ? now : saved;
  };
  const brand = colour('storeColor');
  const onBrand = readableTextOn(brand);
  const ink = brandInk(brand);
  const cartBg = colour('cartColorBg');
  const cartText = readsOn(colour('cartColorText'), cartBg) ? colour('cartColorText') : readableTextOn(cartBg);
  const name = value('storeName').now;
  const logo = value('storeLogo').now;
  const symbol = value('currencySymbol').now;
  return (
    <aside className="console-preview" aria-label={t('consolePreview')} data-testid="settings-preview">
      <h2 className="console-preview-title">{t('consolePreview')}</h2>
      <div className="console-preview-phone">
        <div className="console-preview-header" style={{ backgroundColor: brand, color: onBrand }} data-testid="preview-header">
          {logo ? <img src={logo} alt="" className="console-preview-logo" width={32} height={32} /> : null}
          <span>{name}</span>
        </div>
        <div className="console-preview-body">
          <p className="console-preview-address" style={{ color: ink }}>
            {t('deliverTo')} · {t('consolePreviewAddress')}
          </p>
          <div className="console-preview-card">
            <span className="console-preview-ribbon" style={{ backgroundColor: brand, color: onBrand }}>
              {t('consolePreviewFeatured')}
            </span>
            <div className="console-preview-image" aria-hidden="true" />
            <strong>{t('consolePreviewStore')}</strong>
            <span className="form-hint">
              {t('consolePreviewStoreLine', { price: `${symbol}20.00` })}
            </span>
          </div>
          {/* A picture of a button, not one to press. */}
          <span className="button console-preview-button" style={{ backgroundColor: brand, color: onBrand }} data-testid="preview-button">
            {t('consolePreviewButton')}
          </span>
          <div
            className="console-preview-cart"
            style={{ backgroundColor: cartBg, color: cartText }}
            data-testid="preview-cart"
          >
            {t('consolePreviewCart')}
          </div>
        </div>
      </div>
    </aside>
  );
}
