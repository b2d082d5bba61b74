/** The field for a one-time code: digits only, the phone's "paste the code" suggestion. */
import { ONE_TIME_CODE_DIGITS } from '../../api/account/limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { FormField } from '../../ui/FormField.tsx';

interface CodeFieldProps {
  id: string;
  error: string | null;
  value: string;
  onValue(value: string): void;
}

export function CodeField({ id, error, value, onValue }: CodeFieldProps) {
  const t = useT();
  return (
    <FormField
      id={id}
      error={error}
      label={t('fieldCode')}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={ONE_TIME_CODE_DIGITS + 4}
      className="code-input"
      value={value}
      onChange={(event) => onValue(event.target.value.replace(/[^\d]/g, ''))}
    />
  );
}
