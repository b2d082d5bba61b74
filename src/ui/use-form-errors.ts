/**
 * The errors of one form: per field (client checks, or a server code that
 * names a field) and for the whole form. Every report moves the focus to
 * the first field in error, or to the form's alert; `sending` disables the
 * submit button while the worker answers.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ErrorCode } from '../api/errors.ts';
import type { TextKey } from '../api/texts.ts';
import type { SyncFailure } from '../api/worker-api.ts';
import { useT } from '../app/look.tsx';
import { failureTextKey } from '../lib/failure-text.ts';

export type FieldErrors<F extends string> = Partial<Record<F, TextKey>>;

export function useFormErrors<F extends string>(fieldOrder: readonly F[]) {
  const t = useT();
  const prefix = useId();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<TextKey | null>(null);
  const [sending, setSending] = useState(false);
  const [reports, setReports] = useState(0);
  const alert = useRef<HTMLParagraphElement | null>(null);
  /** A callback ref for the form's FormAlert. */
  const bindAlert = useCallback((element: HTMLParagraphElement | null) => {
    alert.current = element;
  }, []);
  const fieldId = useCallback((field: F) => `${prefix}${field}`, [prefix]);

  // After each report has rendered: the first field in error takes the focus, else the alert.
  useEffect(() => {
    if (reports === 0) return;
    const first = fieldOrder.find((field) => errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
    else alert.current?.focus();
    // Only a new report moves the focus, not every change of the order or errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reports]);

  const report = useCallback((fields: FieldErrors<F>, form: TextKey | null = null) => {
    setErrors(fields);
    setFormError(form);
    if (Object.keys(fields).length > 0 || form) setReports((n) => n + 1);
  }, []);

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

  const clearField = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Runs a worker call with the submit button disabled. */
  const send = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    setSending(true);
    try {
      return await run();
    } finally {
      setSending(false);
    }
  }, []);

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
