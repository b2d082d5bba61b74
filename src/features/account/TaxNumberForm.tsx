/** The tax number printed on invoices (update-tax-number); an empty field clears it. */
import { useState, type FormEvent } from 'react';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { checkFields, checkTaxNumber } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';

const FIELDS = ['taxNumber'] as const;

export function TaxNumberForm({ current }: { current: string | null }) {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(FIELDS);
  // null: the field shows the saved value until the user types.
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? current ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problems = checkFields({ taxNumber: value }, { taxNumber: checkTaxNumber });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.updateTaxNumber(value));
    if (!result.ok) return form.reportFailure(result, { INVALID_TAX_NUMBER: 'taxNumber' });
    form.report({});
    setDraft(null);
    setSaved(true);
  };

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="tax-number-heading" data-testid="tax-number-form">
      <h2 id="tax-number-heading" className="card-title">
        {t('taxNumberHeading')}
      </h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.fieldProps('taxNumber')}
        label={t('fieldTaxNumber')}
        hint={t('fieldTaxNumberHint')}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
          form.clearField('taxNumber');
        }}
      />
      {saved && (
        <p className="form-success" role="status">
          {t('taxNumberSaved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('sending') : t('taxNumberSave')}
        </button>
      </div>
    </form>
  );
}
