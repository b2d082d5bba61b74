/**
 * A labelled form field: a real <label>, an optional hint, and the error
 * under the input tied to it with aria-describedby (and aria-invalid).
 */
import type { InputHTMLAttributes, Ref } from 'react';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** Already in words; null or undefined when the field is fine. */
  error?: string | null;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function FormField({ id, label, error, hint, className, ref, ...input }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={ref}
        id={id}
        className={`form-input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An error about the whole form (the server's word), announced and focusable; `bind` is the form's callback ref for it. */
export function FormAlert({ message, bind }: { message: string | null; bind?: Ref<HTMLParagraphElement> }) {
  if (!message) return null;
  return (
    <p ref={bind} className="form-alert" role="alert" tabIndex={-1} data-testid="form-alert">
      {message}
    </p>
  );
}
