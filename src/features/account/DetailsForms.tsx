/**
 * The account's name, e-mail and phone, editable. A name is saved at once
 * (checked as at sign-up). A new e-mail or phone is saved only once the code
 * sent to that new address or number is entered: "Send code", then the code
 * and "Confirm" (update-user-info refuses it otherwise). A taken e-mail or
 * phone, and a wrong or expired code, are said at their field.
 */
import { useState, type FormEvent } from 'react';
import { ONE_TIME_CODE_DIGITS, ONE_TIME_CODE_LIFETIME_SECONDS } from '../../api/account/limits.ts';
import { cleanPhone } from '../../api/account/rules.ts';
import type { ErrorCode } from '../../api/errors.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import type { CustomerSession } from '../../db/session.ts';
import { checkCode, checkEmail, checkFields, checkName, checkPhone } from '../../lib/account-validation.ts';
import { FormAlert, FormField } from '../../ui/FormField.tsx';
import { useFormErrors } from '../../ui/use-form-errors.ts';
import { CodeField } from '../auth/CodeField.tsx';

export function AccountDetails({ session }: { session: CustomerSession }) {
  const t = useT();
  return (
    <section className="card account-details" aria-labelledby="account-details-heading" data-testid="account-details">
      <h2 id="account-details-heading" className="card-title">
        {t('accountDetailsHeading')}
      </h2>
      <NameForm current={session.name} />
      <p className="form-note">{t('accountChangeConfirmNote')}</p>
      <ContactForm kind="email" current={session.email} />
      <ContactForm kind="phone" current={session.phone} />
    </section>
  );
}

const NAME_FIELDS = ['name'] as const;

function NameForm({ current }: { current: string }) {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(NAME_FIELDS);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? current;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const problems = checkFields({ name: value }, { name: checkName });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const result = await form.send(() => worker.changeDetails({ name: value }));
    if (!result.ok) return form.reportFailure(result, { DETAILS_REQUIRED: 'name', VALIDATION_FAILED: 'name' });
    form.report({});
    setDraft(null);
    setSaved(true);
  };

  return (
    <form className="form account-details-form" noValidate onSubmit={(event) => void submit(event)} data-testid="name-form">
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.fieldProps('name')}
        label={t('fieldName')}
        autoComplete="name"
        dir="auto"
        value={value}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
          form.clearField('name');
        }}
      />
      {saved && (
        <p className="form-success" role="status">
          {t('accountNameSaved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-ghost" disabled={form.sending}>
          {t('accountNameSave')}
        </button>
      </div>
    </form>
  );
}

const CONTACT_FIELDS = ['value', 'code'] as const;
/** The server's refusals, at the field they are about. */
const FIELD_OF: Record<'email' | 'phone', Partial<Record<ErrorCode, 'value' | 'code'>>> = {
  email: { EMAIL_TAKEN: 'value', INVALID_EMAIL: 'value', CODE_WRONG: 'code', CODE_EXPIRED: 'code', TOO_MANY_ATTEMPTS: 'code', CODE_REQUIRED: 'code' },
  phone: { PHONE_TAKEN: 'value', INVALID_PHONE: 'value', CODE_WRONG: 'code', CODE_EXPIRED: 'code', TOO_MANY_ATTEMPTS: 'code', CODE_REQUIRED: 'code' },
};

function sameContact(kind: 'email' | 'phone', a: string, b: string | null): boolean {
  if (b === null) return false;
  return kind === 'email' ? a.trim().toLowerCase() === b.toLowerCase() : cleanPhone(a) === b;
}

function ContactForm({ kind, current }: { kind: 'email' | 'phone'; current: string | null }) {
  const t = useT();
  const { worker } = useServices();
  const form = useFormErrors(CONTACT_FIELDS);
  const [draft, setDraft] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // The address or number the code went to: the form then asks for the code.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? current ?? '';
  const email = kind === 'email';

  const sendCode = async () => {
    const problems = checkFields({ value }, { value: email ? checkEmail : checkPhone });
    if (Object.keys(problems).length > 0) return form.report(problems);
    if (sameContact(kind, value, current)) return form.report({ value: email ? 'accountEmailUnchanged' : 'accountPhoneUnchanged' });
    const result = await form.send(() => worker.sendContactCode(kind, value));
    if (!result.ok) return form.reportFailure(result, FIELD_OF[kind]);
    form.report({});
    setCode('');
    setSentTo(value.trim());
  };

  const confirm = async () => {
    const problems = checkFields({ code }, { code: checkCode });
    if (Object.keys(problems).length > 0) return form.report(problems);
    const to = sentTo ?? value;
    const result = await form.send(() => worker.changeDetails(email ? { email: to, code } : { phone: to, code }));
    if (!result.ok) return form.reportFailure(result, FIELD_OF[kind]);
    form.report({});
    setSentTo(null);
    setDraft(null);
    setCode('');
    setSaved(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void (sentTo === null ? sendCode() : confirm());
  };

  const cancel = () => {
    setSentTo(null);
    setDraft(null);
    setCode('');
    form.report({});
  };

  return (
    <form className="form account-details-form" noValidate onSubmit={submit} data-testid={`${kind}-form`}>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField
        {...form.fieldProps('value')}
        label={email ? t('fieldEmail') : t('fieldPhone')}
        hint={email ? undefined : t('fieldPhoneHint')}
        type={email ? 'email' : 'tel'}
        autoComplete={email ? 'email' : 'tel'}
        dir="ltr"
        readOnly={sentTo !== null}
        value={value}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
          form.clearField('value');
        }}
      />
      {sentTo !== null && (
        <>
          <p className="form-note" role="status">
            {email
              ? t('codeSentEmail', { email: sentTo, minutes: ONE_TIME_CODE_LIFETIME_SECONDS / 60, digits: ONE_TIME_CODE_DIGITS })
              : t('codeSentSms', { phone: sentTo, minutes: ONE_TIME_CODE_LIFETIME_SECONDS / 60, digits: ONE_TIME_CODE_DIGITS })}
          </p>
          <CodeField {...form.fieldProps('code')} value={code} onValue={(next) => {
              setCode(next);
              form.clearField('code');
            }} />
        </>
      )}
      {saved && (
        <p className="form-success" role="status">
          {email ? t('accountEmailSaved') : t('accountPhoneSaved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className={`button ${sentTo === null ? 'button-ghost' : 'button-primary'}`} disabled={form.sending}>
          {sentTo === null ? t('accountSendCode') : t('accountConfirmCode')}
        </button>
        {sentTo !== null && (
          <button type="button" className="button button-ghost" onClick={cancel}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
