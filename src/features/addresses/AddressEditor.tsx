/**
 * Adding or editing a saved address: first the place (search, a popular
 * location or the GPS, through the location screen's PlaceChooser), then its
 * details; editing starts at the details with "choose another place" to move
 * it. House and tag typed before changing the place are kept.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import type { SavedAddressRow } from '../../db/schema.ts';
import { PlaceChooser } from '../location/PlaceChooser.tsx';
import { AddressDetailsForm, type AddressDraft, type DraftPlace } from './AddressDetailsForm.tsx';

interface AddressEditorProps {
  /** The saved address to edit; undefined to add a new one. */
  editing?: SavedAddressRow;
  onSaved(addressId: number): void;
  onCancel(): void;
}

const orNull = (text: string) => text.trim() || null;

export function AddressEditor({ editing, onSaved, onCancel }: AddressEditorProps) {
  const t = useT();
  const { worker } = useServices();
  const [query, setQuery] = useState('');
  const [place, setPlace] = useState<DraftPlace | null>(
    editing ? { lat: editing.latitude, lng: editing.longitude, name: editing.address } : null,
  );
  const [draft, setDraft] = useState<AddressDraft>({
    address: editing?.address ?? '',
    house: editing?.house ?? '',
    tag: editing?.tag ?? '',
  });
  const [choosing, setChoosing] = useState(!editing);
  const title = editing ? t('addressesEditTitle') : t('addressesAddTitle');

  const choose = (lat: number, lng: number, name: string) => {
    setPlace({ lat, lng, name });
    setDraft((current) => ({ ...current, address: name }));
    setChoosing(false);
  };

  const save = async () => {
    if (!place) return null;
    const result = await worker.saveAddress({
      ...(editing ? { id: editing.id } : {}),
      latitude: place.lat,
      longitude: place.lng,
      address: draft.address.trim(),
      house: orNull(draft.house),
      tag: orNull(draft.tag),
    });
    if (!result.ok) return result;
    onSaved(result.value.addressId);
    return null;
  };

  if (choosing || !place) {
    return (
      <PlaceStep
        title={title}
        query={query}
        onQueryChange={setQuery}
        onChoose={choose}
        // Back to the details when a place was already chosen; otherwise out.
        onCancel={place ? () => setChoosing(false) : onCancel}
      />
    );
  }
  return (
    <AddressDetailsForm
      title={title}
      place={place}
      draft={draft}
      onDraftChange={setDraft}
      onSave={save}
      onChangePlace={() => setChoosing(true)}
      onCancel={onCancel}
    />
  );
}

interface PlaceStepProps {
  title: string;
  query: string;
  onQueryChange(query: string): void;
  onChoose(lat: number, lng: number, name: string): void;
  onCancel(): void;
}

function PlaceStep({ title, query, onQueryChange, onChoose, onCancel }: PlaceStepProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="address-place-step" aria-labelledby="address-place-title" data-testid="address-place-step">
      <h2 id="address-place-title" className="address-form-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p className="addresses-note">{t('addressesFindPlace')}</p>
      <PlaceChooser
        query={query}
        onQueryChange={onQueryChange}
        onPopular={(location) => onChoose(location.latitude, location.longitude, location.name)}
        onPlace={(found) => onChoose(found.lat, found.lng, found.address)}
      />
      <button type="button" className="button button-ghost address-place-cancel" onClick={onCancel}>
        {t('cancel')}
      </button>
    </section>
  );
}
