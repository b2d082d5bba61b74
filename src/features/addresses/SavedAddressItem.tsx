/**
 * One saved address on /my-addresses: its tag (the default tag text when it
 * has none), house and address cut as spec §5 says, the default marked, and
 * its actions. The buttons repeat on every card, so each is described by its
 * card's tag for screen readers.
 */
import { useT } from '../../base/settings-and-language.tsx';
import type { SavedAddressRow } from '../../db/schema.ts';
import { formatHeaderAddress } from '../../lib/truncate.ts';
import { PinIcon } from '../../ui/icons.tsx';

interface SavedAddressItemProps {
  address: SavedAddressRow;
  /** An action on this address is running: its buttons wait. */
  busy: boolean;
  onUse(): void;
  onMakeDefault(): void;
  onEdit(): void;
  onDelete(): void;
}

export function SavedAddressItem({ address, busy, onUse, onMakeDefault, onEdit, onDelete }: SavedAddressItemProps) {
  const t = useT();
  const shown = formatHeaderAddress(address, t('defaultAddressTag'));
  const tagId = `saved-address-${address.id}`;
  return (
    <li className={`saved-address card${address.is_default ? ' is-default' : ''}`} data-testid="saved-address" aria-labelledby={tagId}>
      <div className="saved-address-head">
        <PinIcon />
        <h2 id={tagId} className="saved-address-tag" data-testid="saved-address-tag">
          {shown.tag}
        </h2>
        {address.is_default && (
          <span className="saved-address-default" data-testid="default-badge">
            {t('addressesDefault')}
          </span>
        )}
      </div>
      {shown.house && (
        <p className="saved-address-house" data-testid="saved-address-house">
          {shown.house}
        </p>
      )}
      <p className="saved-address-line" data-testid="saved-address-line">
        {shown.address}
      </p>
      <div className="saved-address-actions">
        <button type="button" className="button button-primary" aria-describedby={tagId} disabled={busy} onClick={onUse}>
          {t('addressesUseHere')}
        </button>
        {!address.is_default && (
          <button type="button" className="button button-ghost" aria-describedby={tagId} disabled={busy} onClick={onMakeDefault}>
            {t('addressesMakeDefault')}
          </button>
        )}
        <button type="button" className="button button-ghost" aria-describedby={tagId} disabled={busy} onClick={onEdit}>
          {t('addressesEdit')}
        </button>
        <button type="button" className="button button-ghost saved-address-delete" aria-describedby={tagId} disabled={busy} onClick={onDelete}>
          {t('addressesDelete')}
        </button>
      </div>
    </li>
  );
}
