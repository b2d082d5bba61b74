/**
 * What every form does with its errors, whatever words it shows: errors per
 * field and one for the whole form, `sending` while a call runs, and after
 * each report the focus on the first field in error (in the form's order),
 * else on the form's alert. `W` is how a form keeps its words: the app's
 * forms keep text keys (use-form-errors.ts), the console keeps the words
 * themselves (use-console-form.ts).
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';

export type ErrorsByField<F extends string, W> = Partial<Record<F, W>>;

export function useErrorReport<F extends string, W>(fieldOrder: readonly F[]) {
  const prefix = useId();
  const [errors, setErrors] = useState<ErrorsByField<F, W>>({});
  const [formError, setFormError] = useState<W | null>(null);
  const [sending, setSending] = useState(false);
  const [reports, setReports] = useState(0);
  const alert = useRef<HTMLParagraphElement | null>(null);
  /** A callback ref for the form's alert. */
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

  /** Replaces every error; the focus moves when there is one. */
  const report = useCallback((fields: ErrorsByField<F, W>, form: W | null = null) => {
    setErrors(fields);
    setFormError(form);
    if (Object.keys(fields).length > 0 || form) setReports((n) => n + 1);
  }, []);

  const clearField = useCallback((field: F) => {
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  /** Runs a call with the submit button disabled. */
  const send = useCallback(async <T,>(run: () => Promise<T>): Promise<T> => {
    setSending(true);
    try {
      return await run();
    } finally {
      setSending(false);
    }
  }, []);

  return { errors, formError, bindAlert, fieldId, sending, send, report, clearField };
}
