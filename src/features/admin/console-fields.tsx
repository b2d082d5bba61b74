/**
 * The console's labelled fields beyond the app's FormField: text areas,
 * choices, switches, check lists and colours. Each has a real label, an
 * optional hint, and its error under it tied with aria-describedby, as
 * FormField does.
 */
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useT } from '../../base/settings-and-language.tsx';

interface FieldFrame {
  id: string;
  label: string;
  error?: string | null;
  hint?: string | undefined;
}

function describedBy({ id, error, hint }: FieldFrame): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function HintAndError({ id, error, hint }: FieldFrame) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </>
  );
}

export function TextAreaField({ id, label, error, hint, className, ...area }: FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        {...area}
        id={id}
        className={`form-input console-textarea${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, label, error, hint })}
      />
      <HintAndError id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

export function SelectField({
  id,
  label,
  error,
  hint,
  choices,
  ...select
}: FieldFrame & { choices: readonly Choice[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'>) {
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className="form-input console-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, label, error, hint })}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <HintAndError id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

/** An on/off setting as a switch: a button with role="switch" that says its state. */
export function SwitchField({
  id,
  label,
  error,
  hint,
  checked,
  disabled,
  onChange,
  ariaLabel,
}: FieldFrame & { checked: boolean; disabled?: boolean; onChange(checked: boolean): void; /** When the visible label alone is ambiguous (one per row). */ ariaLabel?: string }) {
  return (
    <div className="form-field console-switch-field">
      <button
        type="button"
        id={id}
        role="switch"
        aria-checked={checked}
        aria-label={ariaLabel}
        className="console-switch"
        disabled={disabled}
        aria-describedby={describedBy({ id, label, error, hint })}
        aria-invalid={error ? true : undefined}
        onClick={() => onChange(!checked)}
      >
        <span className="console-switch-track" aria-hidden="true">
          <span className="console-switch-thumb" />
        </span>
        <span className="console-switch-label">{label}</span>
      </button>
      <HintAndError id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

/** Several of a list (a store's categories, a user's stores): a group of check boxes. */
export function ChecklistField({
  id,
  label,
  error,
  hint,
  choices,
  selected,
  onChange,
  empty,
}: FieldFrame & { choices: readonly Choice[]; selected: readonly string[]; onChange(selected: string[]): void; empty: string }) {
  const toggle = (value: string, on: boolean) => onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset id={id} className="form-field console-checklist" aria-describedby={describedBy({ id, label, error, hint })} tabIndex={-1}>
      <legend className="form-label">{label}</legend>
      {choices.length === 0 && <p className="form-hint">{empty}</p>}
      <div className="console-checklist-options">
        {choices.map((choice) => (
          <label key={choice.value} className="console-check">
            <input type="checkbox" checked={selected.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <HintAndError id={id} label={label} error={error} hint={hint} />
    </fieldset>
  );
}

/** A colour as the settings keep it (#rrggbb): the picker and the text side by side, both editing one value. */
export function ColourField({ id, label, error, hint, value, onChange }: FieldFrame & { value: string; onChange(value: string): void }) {
  const t = useT();
  const pickable = /^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : '#000000';
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <div className="console-colour">
        <input
          type="color"
          className="console-colour-swatch"
          value={pickable}
          aria-label={t('consoleColourPicker', { label })}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          className="form-input"
          value={value}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy({ id, label, error, hint })}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      <HintAndError id={id} label={label} error={error} hint={hint} />
    </div>
  );
}

/** A form's fields in two columns on a wide screen, one on a narrow one. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="console-field-grid">{children}</div>;
}
