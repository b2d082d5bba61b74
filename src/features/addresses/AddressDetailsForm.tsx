/**
 * The second step of adding (or the form of editing) a saved address: the
 * chosen place, the address line (the place's name, editable: a street and
 * number say more than a district), the house and a tag (Home, Work, Other or
 * the user's own word). A refusal of the server shows under the field it
 * names; the rest (offline, too many addresses) above the form.
 */
import { useEffect, useRef, type FormEvent } from 'react';
import type { ErrorCode } from '../../api/errors.ts';
import { ADDRESS_HOUSE_MAX_LENGTH, ADDRESS_TAG_MAX_LENGTH, ADDRESS_TEXT_MAX_LENGTH } from '../../api/account/address-limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { PinIcon } from '../../ui/icons.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { changeFailureText } from './change-failure.ts';

/** What the user types, as typed (trimmed when sent). */
export interface AddressDraft {
  address: string;
  house: string;
  tag: string;
}

/** Where the draft's point is, and what that place is called. */
export interface DraftPlace {
  lat: number;
  lng: number;
  name: string;
}

const FIELDS = ['address', 'house', 'tag'] as const;
type Field = (typeof FIELDS)[number];

/** save-address's refusals that name a field. */
const FIELD_OF_CODE: Partial<Record<ErrorCode, Field>> = {
  ADDRESS_EMPTY: 'address',
  ADDRESS_TOO_LONG: 'address',
  // The point is the place the address line names.
  INVALID_COORDINATES: 'address',
  HOUSE_TOO_LONG: 'house',
  TAG_TOO_LONG: 'tag',
};

const TAG_CHIPS: readonly TextKey[] = ['addressTagHome', 'addressTagWork', 'addressTagOther'];

interface AddressDetailsFormProps {
  title: string;
  place: DraftPlace;
  draft: AddressDraft;
  onDraftChange(draft: AddressDraft): void;
  /** Saves the draft; resolves to the refusal, or null once saved. */
  onSave(): Promise<SyncFailure | null>;
  onChangePlace(): void;
  onCancel(): void;
}

export function AddressDetailsForm({ title, place, draft, onDraftChange, onSave, onChangePlace, onCancel }: AddressDetailsFormProps) {
  const t = useT();
  const form = useFormErrors(FIELDS);
  const heading = useRef<HTMLHeadingElement>(null);
  const tagField = useRef<HTMLInputElement>(null);

  // A new step: tell screen readers and keyboards where they are.
  useEffect(() => heading.current?.focus(), []);

  const set = (field: Field) => (value: string) => onDraftChange({ ...draft, [field]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.address.trim() === '') return form.report({ address: 'errorAddressEmpty' });
    const failure = await form.send(onSave);
    if (!failure) return;
    const field = 'code' in failure ? FIELD_OF_CODE[failure.code] : undefined;
    if (field) form.reportFailure(failure, FIELD_OF_CODE);
    else form.report({}, changeFailureText(failure));
  };

  const pickChip = (key: TextKey) => {
    onDraftChange({ ...draft, tag: t(key) });
    form.clearField('tag');
    // 'Other' invites a word of the user's own.
    if (key === 'addressTagOther') requestAnimationFrame(() => tagField.current?.select());
  };

  return (
    <form className="form card address-form" noValidate aria-labelledby="address-form-title" onSubmit={(event) => void submit(event)} data-testid="address-form">
      <h2 id="address-form-title" className="address-form-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      <p className="address-form-place" data-testid="address-form-place">
        <PinIcon />
        <span>{place.name}</span>
      </p>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.inputProps('address', draft.address, set('address'))}
        label={t('addressesFieldAddress')}
        maxLength={ADDRESS_TEXT_MAX_LENGTH}
        autoComplete="address-line1"
      />
      <FormField
        {...form.inputProps('house', draft.house, set('house'))}
        label={t('addressHouseLabel')}
        placeholder={t('addressHousePlaceholder')}
        maxLength={ADDRESS_HOUSE_MAX_LENGTH}
        autoComplete="address-line2"
      />
      <fieldset className="address-form-tags">
        <legend className="form-label">{t('addressTagLabel')}</legend>
        <div className="tag-chips">
          {TAG_CHIPS.map((key) => (
            <button key={key} type="button" className="tag-chip" aria-pressed={draft.tag === t(key)} onClick={() => pickChip(key)}>
              {t(key)}
            </button>
          ))}
        </div>
        <FormField
          {...form.inputProps('tag', draft.tag, set('tag'))}
          ref={tagField}
          label={t('addressTagCustomLabel')}
          hint={t('addressesTagHint', { tag: t('defaultAddressTag') })}
          maxLength={ADDRESS_TAG_MAX_LENGTH}
          autoComplete="off"
        />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('addressSave')}
        </button>
        <button type="button" className="button button-ghost" onClick={onChangePlace} disabled={form.sending}>
          {t('addressChooseAnother')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={form.sending}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
