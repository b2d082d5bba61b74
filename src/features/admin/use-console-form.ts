/**
 * The errors of one console form. The server checks every value and names
 * each bad one in `details` (a JSON pointer into the body): the error shows
 * under that field, the first such field takes the focus, and anything that
 * names no field of the form shows above it. A code that is about one field
 * (SLUG_TAKEN is the slug's) goes under that field too. A success announces
 * "Saved" in the console's live region. The focus and `sending` are every
 * form's (use-error-report.ts).
 */
import { useCallback, useEffect, useRef } from 'react';
import { errorTextKey, type ErrorCode } from '../../api/errors.ts';
import type { TextKey } from '../../api/texts.ts';
import { useT, type Translate } from '../../app/look.tsx';
import { detailField, type ConsoleFailure, type ConsoleResult } from './admin-api.ts';
import { useErrorReport, type ErrorsByField } from '../../ui/use-error-report.ts';
import { useAnnounce } from './console-toast.tsx';
import { useFailureText } from './use-console-query.ts';

export interface ConsoleFormOptions<F extends string> {
  /** Details under this body key name the fields (save-settings: 'settings', save-translations: 'texts'). */
  detailsUnder?: string;
  /** The form's field for a body key the details name, where they differ (tax_basis_points is typed as a percent). */
  fieldOf?: (key: string) => F | null;
  /** Codes that are about one field. */
  codeFields?: Partial<Record<ErrorCode, F>>;
  /** Words for a field the server refused, when the form knows better ones than the server's English detail. */
  fieldText?: (field: F) => string | null;
  /** What the live region says after a success; 'consoleSaved' unless told. */
  savedText?: TextKey;
}

export type FieldErrors<F extends string> = ErrorsByField<F, string>;

export function useConsoleForm<F extends string>(fields: readonly F[], options: ConsoleFormOptions<F> = {}) {
  const t = useT();
  const failureText = useFailureText();
  const announce = useAnnounce();
  const { errors, formError, bindAlert, fieldId, sending, send, report, clearField } = useErrorReport<F, string>(fields);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const reportFailure = useCallback(
    (failure: ConsoleFailure) => {
      const { detailsUnder, codeFields, fieldText, fieldOf } = optionsRef.current;
      const known = new Set<string>(fields);
      const fieldErrors: FieldErrors<F> = {};
      const unplaced: string[] = [];
      for (const detail of failure.details) {
        const key = detailField(detail, detailsUnder);
        const field = key && fieldOf ? fieldOf(key) : key;
        if (field && known.has(field)) {
          fieldErrors[field as F] ??= fieldText?.(field as F) ?? detailWords(detail.message, t);
        } else {
          unplaced.push(detail.message);
        }
      }
      const codeField = failure.code in (codeFields ?? {}) ? codeFields?.[failure.code as ErrorCode] : undefined;
      if (codeField) fieldErrors[codeField] = t(errorTextKey(failure.code));
      // Above the form: the code's words, unless the fields already say everything there is to say.
      const everythingPlaced = Object.keys(fieldErrors).length > 0 && unplaced.length === 0;
      report(fieldErrors, everythingPlaced ? null : [failureText(failure), ...unplaced].join(' '));
    },
    [fields, failureText, report, t],
  );

  /**
   * Sends a change with the submit button disabled; on success clears the
   * errors, announces it (unless quiet) and answers the value, on failure shows it and answers null.
   */
  const submit = useCallback(
    async <T>(run: () => Promise<ConsoleResult<T>>, { quiet = false }: { quiet?: boolean } = {}): Promise<T | null> => {
      const result = await send(run);
      if (!result.ok) {
        reportFailure(result.error);
        return null;
      }
      report({});
      if (!quiet) announce(t(optionsRef.current.savedText ?? 'consoleSaved'));
      return result.value;
    },
    [announce, report, reportFailure, send, t],
  );

  /** The id and error a field component takes. */
  const field = (name: F) => ({ id: fieldId(name), error: errors[name] ?? null });

  return { errors, formError, bindAlert, sending, report, reportFailure, clearField, submit, field, fieldId };
}

export type ConsoleForm<F extends string> = ReturnType<typeof useConsoleForm<F>>;

/**
 * The server's schema check names what is wrong in English (ajv's words):
 * the common ones in the console's own words, anything else quoted.
 */
export function detailWords(message: string, t: Translate): string {
  if (/fewer than 1 characters|must have required property/.test(message)) return t('consoleRequired');
  const longest = /must NOT have more than (\d+) characters/.exec(message);
  if (longest) return t('consoleTooLong', { max: longest[1] ?? '' });
  const most = /must be <= (-?[\d.]+)/.exec(message);
  if (most) return t('consoleAtMost', { max: most[1] ?? '' });
  const least = /must be >=? (-?[\d.]+)/.exec(message);
  if (least) return t('consoleAtLeast', { min: least[1] ?? '' });
  if (/must match pattern/.test(message)) return t('consoleWrongFormat');
  return t('consoleFieldRejected', { reason: message });
}
