/**
 * 1 to 5 stars as a real radio group: a fieldset with its legend, one
 * labelled radio per star ("4 stars: very good"), so arrow keys move the
 * choice and screen readers say what each star means. The radios are
 * visually hidden; the stars show the choice and the focus.
 */
import { RATING_MAX, RATING_MIN } from '../../api/orders/limits.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

const STAR_TEXTS: Record<number, TextKey> = {
  1: 'rateOrderStars1',
  2: 'rateOrderStars2',
  3: 'rateOrderStars3',
  4: 'rateOrderStars4',
  5: 'rateOrderStars5',
};

/** "4 stars: very good". */
export function starsText(stars: number): TextKey {
  return STAR_TEXTS[stars] ?? 'rateOrderStars1';
}

interface StarsFieldProps {
  /** The radios' name, unique in the form. */
  name: string;
  legend: string;
  value: number | null;
  onChange: (stars: number) => void;
  /** The first radio's id, for the form to move the focus to when the choice is missing. */
  firstId: string;
  /** Already in words. */
  error?: string | null;
  testId?: string;
}

export function StarsField({ name, legend, value, onChange, firstId, error, testId }: StarsFieldProps) {
  const t = useT();
  const errorId = `${firstId}-error`;
  return (
    <fieldset className="stars-field" aria-describedby={error ? errorId : undefined} data-testid={testId}>
      <legend className="form-label">{legend}</legend>
      <div className="stars-options">
        {STARS.map((stars) => (
          <label key={stars} className="star-option">
            <input
              type="radio"
              className="star-input visually-hidden"
              id={stars === RATING_MIN ? firstId : undefined}
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-invalid={error ? true : undefined}
            />
            <span className={`star${value !== null && stars <= value ? ' is-on' : ''}`} aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">{t(starsText(stars))}</span>
          </label>
        ))}
      </div>
      {/* The chosen words for the eye; a screen reader already heard them from the checked radio. */}
      <p className="stars-choice" aria-hidden="true">
        {value !== null ? t(starsText(value)) : '\u00a0'}
      </p>
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
