/**
 * The errors of one app form, as text keys: per field (client checks, or a
 * server code that names a field) and for the whole form, on the shared
 * report (use-error-report.ts: the focus, `sending`).
 */
import { useCallback } from 'react';
import type { ErrorCode } from '../api/errors.ts';
import type { TextKey } from '../api/language/texts.ts';
import type { SyncFailure } from '../api/worker-api.ts';
import { useT } from '../base/settings-and-language.tsx';
import { failureTextKey } from '../lib/failure-text.ts';
import { useErrorReport, type ErrorsByField } from './use-error-report.ts';

export type FieldErrors<F extends string> = ErrorsByField<F, TextKey>;

export function useFormErrors<F extends string>(fieldOrder: readonly F[]) {
  const t = useT();
  const { errors, formError, bindAlert, fieldId, sending, send, report, clearField } = useErrorReport<F, TextKey>(fieldOrder);

  /** A worker failure: under the field its code names, else for the whole form. */
  const reportFailure = useCallback(
    (failure: SyncFailure, fieldOfCode: Partial<Record<ErrorCode, F>> = {}) => {
      const field = 'code' in failure ? fieldOfCode[failure.code] : undefined;
      const words = failureTextKey(failure);
      if (field) report({ [field]: words } as FieldErrors<F>);
      else report({}, words);
    },
    [report],
  );

  const fieldProps = (field: F) => {
    const error = errors[field];
    return { id: fieldId(field), error: error ? t(error) : null };
  };

  /** A text field's props: its id and error, its value, and typing that sets it and clears its error. */
  const inputProps = (field: F, value: string, setValue: (value: string) => void) => ({
    ...fieldProps(field),
    value,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value);
      clearField(field);
    },
  });

  return {
    errors,
    formError: formError ? t(formError) : null,
    bindAlert,
    sending,
    report,
    reportFailure,
    clearField,
    send,
    fieldProps,
    inputProps,
    fieldId,
  };
}
