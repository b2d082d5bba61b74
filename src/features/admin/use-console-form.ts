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
import { failureCode, failureDetails, type SyncFailure } from '../../api/sync-result.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useSettings, useT, type Translate } from '../../base/settings-and-language.tsx';
import { moneyText } from './console-values.ts';
import { detailField, type ConsoleResult } from './admin-api.ts';
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
  /** Fields typed as an amount of money: the server's bounds are minor units (cents), said back as an amount. */
  moneyFields?: readonly F[];
}

export type FieldErrors<F extends string> = ErrorsByField<F, string>;

export function useConsoleForm<F extends string>(fields: readonly F[], options: ConsoleFormOptions<F> = {}) {
  const t = useT();
  const currency = useSettings().get('currencySymbol');
  const failureText = useFailureText();
  const announce = useAnnounce();
  const { errors, formError, bindAlert, fieldId, sending, send, report, clearField } = useErrorReport<F, string>(fields);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const reportFailure = useCallback(
    (failure: SyncFailure) => {
      const { detailsUnder, codeFields, fieldText, fieldOf, moneyFields } = optionsRef.current;
      const amount = (minor: number) => `${currency}${moneyText(minor)}`;
      const known = new Set<string>(fields);
      const fieldErrors: FieldErrors<F> = {};
      const unplaced: string[] = [];
      for (const detail of failureDetails(failure)) {
        const key = detailField(detail, detailsUnder);
        const field = key && fieldOf ? fieldOf(key) : key;
        if (field && known.has(field)) {
          const bound = moneyFields?.includes(field as F) ? amount : String;
          fieldErrors[field as F] ??= fieldText?.(field as F) ?? detailWords(detail.message, t, bound);
        } else {
          unplaced.push(detail.message);
        }
      }
      const code = failureCode(failure);
      const codeField = code ? codeFields?.[code] : undefined;
      if (code && codeField) fieldErrors[codeField] = t(errorTextKey(code));
      // Above the form: the code's words, unless the fields already say everything there is to say.
      const everythingPlaced = Object.keys(fieldErrors).length > 0 && unplaced.length === 0;
      report(fieldErrors, everythingPlaced ? null : [failureText(failure), ...unplaced].join(' '));
    },
    [fields, failureText, report, t, currency],
  );

  /**
   * Sends a change with the submit button disabled; on success clears the
   * errors, announces it (unless quiet) and answers the value, on failure shows it and answers null.
   */
  const submit = useCallback(
    async <T>(run: () => Promise<ConsoleResult<T>>, { quiet = false }: { quiet?: boolean } = {}): Promise<T | null> => {
      const result = await send(run);
      if (!result.ok) {
        reportFailure(result);
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
 * each of them in the console's own words, so no validator's English reaches
 * the user. `bound` says a limit as the field shows values (an amount for a
 * money field typed in units, whose limit is in cents).
 */
export function detailWords(message: string, t: Translate, bound: (value: number) => string = String): string {
  if (/fewer than 1 characters|must have required property|must match pattern "\\S"/.test(message)) return t('consoleRequired');
  const shortest = /must NOT have fewer than (\d+) characters/.exec(message);
  if (shortest) return t('consoleTooShort', { min: shortest[1] ?? '' });
  const longest = /must NOT have more than (\d+) characters/.exec(message);
  if (longest) return t('consoleTooLong', { max: longest[1] ?? '' });
  const fewestItems = /must NOT have fewer than (\d+) items/.exec(message);
  if (fewestItems) return t('consoleAtLeastItems', { min: fewestItems[1] ?? '' });
  const mostItems = /must NOT have more than (\d+) items/.exec(message);
  if (mostItems) return t('consoleAtMostItems', { max: mostItems[1] ?? '' });
  const most = /must be <=? (-?[\d.]+)/.exec(message);
  if (most) return t('consoleAtMost', { max: bound(Number(most[1])) });
  const least = /must be >=? (-?[\d.]+)/.exec(message);
  if (least) return t('consoleAtLeast', { min: bound(Number(least[1])) });
  if (/must match pattern|must match format/.test(message)) return t('consoleWrongFormat');
  if (/must be (integer|number)/.test(message)) return t('consoleNeedNumber');
  // Anything else (a wrong type, an unknown value): the field's hint says what it takes.
  return t('consoleWrongFormat');
}
