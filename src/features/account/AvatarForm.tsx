/**
 * Changing the profile picture: the chosen file is checked here first (PNG,
 * JPEG or WebP by its bytes, at most AVATAR_MAX_BYTES), shown as a preview,
 * and sent only when the user saves it.
 */
import { useId, useRef, useState } from 'react';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '../../api/account/limits.ts';
import { imageTypeOf } from '../../api/account/rules.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';

interface Chosen {
  file: File;
  preview: string;
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'));
    reader.readAsDataURL(file);
  });
}

/** What is wrong with a chosen picture, before anything is sent; null when it can go. */
export async function avatarFileProblem(file: File): Promise<TextKey | null> {
  if (file.size > AVATAR_MAX_BYTES) return 'errorImageTooLarge';
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'errorImageType';
  // The name and the browser's type can lie; the bytes decide, as on the server.
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return imageTypeOf(head) ? null : 'errorImageType';
}

export function AvatarForm({ current, initials }: { current: string | null; initials: string }) {
  const t = useT();
  const { worker } = useServices();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<TextKey | null>(null);
  const [saved, setSaved] = useState(false);
  const [sending, setSending] = useState(false);

  const choose = async (file: File | undefined) => {
    setSaved(false);
    setChosen(null);
    if (!file) return;
    const problem = await avatarFileProblem(file);
    if (problem) {
      setError(problem);
      if (input.current) input.current.value = '';
      input.current?.focus();
      return;
    }
    setError(null);
    setChosen({ file, preview: await readAsDataUrl(file) });
  };

  const save = async () => {
    if (!chosen) return;
    setSending(true);
    const result = await worker.changeAvatar(chosen.file);
    setSending(false);
    if (!result.ok) {
      setError(failureTextKey(result));
      input.current?.focus();
      return;
    }
    setChosen(null);
    setSaved(true);
    if (input.current) input.current.value = '';
  };

  const cancel = () => {
    setChosen(null);
    if (input.current) input.current.value = '';
  };

  const shown = chosen?.preview ?? current;
  return (
    <div className="avatar-form" data-testid="avatar-form">
      <div className="avatar-frame">
        {shown ? (
          <img className="avatar-image" src={shown} alt={chosen ? t('avatarPreviewAlt') : t('avatarAlt')} width={96} height={96} data-testid="avatar-image" />
        ) : (
          <span className="avatar-initials" aria-hidden="true">
            {initials}
          </span>
        )}
      </div>
      <div className="avatar-controls">
        <label className="button button-ghost avatar-pick" htmlFor={inputId}>
          {t('avatarChoose')}
        </label>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={AVATAR_TYPES.join(',')}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="avatar-input"
        />
        <p className="form-hint">{t('avatarHint', { mb: AVATAR_MAX_BYTES / 1024 / 1024 })}</p>
        {error && (
          <p id={errorId} className="form-error" role="alert">
            {t(error)}
          </p>
        )}
        {saved && (
          <p className="form-success" role="status">
            {t('avatarSaved')}
          </p>
        )}
        {chosen && (
          <div className="avatar-actions">
            <button type="button" className="button button-primary" disabled={sending} onClick={() => void save()}>
              {sending ? t('sending') : t('avatarSave')}
            </button>
            <button type="button" className="button button-ghost" disabled={sending} onClick={cancel}>
              {t('cancel')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
