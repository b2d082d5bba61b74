/** /stores/:city/:restaurant/:id: one item over its store page, with its add-on groups and their rules. */
import { useEffect, useRef } from 'react';
import type { AddonCategory } from '../../api/entities.ts';
import type { Translate } from '../../app/look.tsx';
import { useT } from '../../app/look.tsx';
import { useServices } from '../../app/services.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useItem } from './store-page-rows.ts';
import { useMoney } from './use-money.ts';
import { useWorkerRefresh } from './use-worker-refresh.ts';

/** "Choose 1", "Choose 1 to 3", "Choose up to 2"… from a group's min/max (null max: any number). */
export function addonRuleText(group: Pick<AddonCategory, 'type' | 'min_select' | 'max_select'>, t: Translate): string {
  const min = Math.max(0, group.min_select);
  const max = group.type === 'SINGLE' ? 1 : group.max_select;
  if (group.type === 'SINGLE' && min >= 1) return t('addonPickOne');
  if (max !== null && min === max) return t('addonPickExactly', { count: max });
  if (max !== null && min > 0) return t('addonPickRange', { min, max });
  if (max !== null) return t('addonPickUpTo', { max });
  if (min > 0) return t('addonPickAtLeast', { min });
  return t('addonOptional');
}

export function ItemSheet({ storeId, itemId, onClose }: { storeId: number; itemId: number; onClose: () => void }) {
  const t = useT();
  const money = useMoney();
  const { worker } = useServices();
  const item = useItem(storeId, itemId);
  const { result } = useWorkerRefresh(`item:${itemId}`, () => worker.openItem(itemId), Number.isInteger(itemId));
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  let body;
  if (item) {
    body = (
      <>
        {item.image && <img className="item-sheet-image" src={item.image} alt="" decoding="async" />}
        <h2 id="item-sheet-title" className="item-sheet-name">
          {item.name}
        </h2>
        {item.description && <p className="item-sheet-description">{item.description}</p>}
        <p className="item-sheet-price">{item.is_active ? money(item.price) : t('itemUnavailable')}</p>
        {item.addon_categories.map((group) => (
          <section key={group.id} className="addon-group" data-testid="addon-group">
            <h3 className="addon-group-title">
              {group.name}
              <span className={`addon-rule${group.min_select > 0 ? ' addon-rule-required' : ''}`}>
                {addonRuleText(group, t)}
                {group.min_select > 0 && ` · ${t('addonRequired')}`}
              </span>
            </h3>
            <ul className="addon-list">
              {group.addons.map((addon) => (
                <li key={addon.id}>
                  <span>{addon.name}</span>
                  {addon.price > 0 && <span className="addon-price">+{money(addon.price)}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="item-sheet-note">{t('addToCartSoon')}</p>
      </>
    );
  } else if (item === null || result === null) {
    body = <Spinner label={t('loading')} />;
  } else {
    body = <p data-testid="item-not-found">{t('itemNotFound')}</p>;
  }

  return (
    <div className="item-sheet-backdrop" onClick={onClose}>
      <div
        className="item-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={item ? 'item-sheet-title' : undefined}
        aria-label={item ? undefined : t('loading')}
        data-testid="item-sheet"
        onClick={(event) => event.stopPropagation()}
      >
        <button ref={closeRef} type="button" className="button button-ghost item-sheet-close" onClick={onClose}>
          {t('close')}
        </button>
        {body}
      </div>
    </div>
  );
}
