/**
 * The short step after choosing a place or taking a GPS fix: an optional house
 * or flat and a tag (Home, Work, Other or the user's own word), then save.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { PinIcon } from '../../ui/icons.tsx';

export const HOUSE_MAX_LENGTH = 100;
export const TAG_MAX_LENGTH = 30;
const TAG_CHIPS: readonly TextKey[] = ['addressTagHome', 'addressTagWork', 'addressTagOther'];

/** A chosen point with its name, waiting for house and tag. */
export interface PendingAddress {
  lat: number;
  lng: number;
  address: string;
}

interface ConfirmAddressProps {
  place: PendingAddress;
  /** Saves; house and tag are trimmed, null when empty. */
  onSave(house: string | null, tag: string | null): Promise<void>;
  onBack(): void;
}

const orNull = (text: string, max: number) => text.trim().slice(0, max) || null;

export function ConfirmAddress({ place, onSave, onBack }: ConfirmAddressProps) {
  const t = useT();
  const [house, setHouse] = useState('');
  const [tag, setTag] = useState('');
  const [saving, setSaving] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const tagField = useRef<HTMLInputElement>(null);

  // A new step: tell screen readers and keyboards where they are.
  useEffect(() => title.current?.focus(), []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    void onSave(orNull(house, HOUSE_MAX_LENGTH), orNull(tag, TAG_MAX_LENGTH)).finally(() => setSaving(false));
  };

  const pickChip = (key: TextKey) => {
    setTag(t(key));
    // 'Other' invites a word of the user's own.
    if (key === 'addressTagOther') requestAnimationFrame(() => tagField.current?.select());
  };

  return (
    <form className="confirm-address card" aria-labelledby="confirm-address-title" onSubmit={save} data-testid="confirm-address">
      <h2 id="confirm-address-title" className="confirm-address-title" tabIndex={-1} ref={title}>
        {t('addressConfirmTitle')}
      </h2>
      <p className="confirm-address-place" data-testid="confirm-address-place">
        <PinIcon />
        <span>{place.address}</span>
      </p>
      <label className="confirm-address-label" htmlFor="address-house">
        {t('addressHouseLabel')}
      </label>
      <input
        id="address-house"
        className="text-field"
        value={house}
        maxLength={HOUSE_MAX_LENGTH}
        placeholder={t('addressHousePlaceholder')}
        autoComplete="address-line2"
        onChange={(event) => setHouse(event.target.value)}
      />
      <fieldset className="confirm-address-tags">
        <legend className="confirm-address-label">{t('addressTagLabel')}</legend>
        <div className="tag-chips">
          {TAG_CHIPS.map((key) => (
            <button key={key} type="button" className="tag-chip" aria-pressed={tag === t(key)} onClick={() => pickChip(key)}>
              {t(key)}
            </button>
          ))}
        </div>
        <label className="visually-hidden" htmlFor="address-tag">
          {t('addressTagCustomLabel')}
        </label>
        <input
          id="address-tag"
          ref={tagField}
          className="text-field"
          value={tag}
          maxLength={TAG_MAX_LENGTH}
          placeholder={t('addressTagCustomLabel')}
          autoComplete="off"
          onChange={(event) => setTag(event.target.value)}
        />
      </fieldset>
      <div className="confirm-address-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t('addressSave')}
        </button>
        <button type="button" className="button button-ghost" onClick={onBack}>
          {t('addressChooseAnother')}
        </button>
      </div>
    </form>
  );
}
