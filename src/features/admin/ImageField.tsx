/**
 * An image field: its address (a path on this server or an https address),
 * a picture of what it shows, and an upload (admin/upload-image) that fills
 * the address in. The upload's refusal (type, size) shows under the field.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { CATALOG_IMAGE_MAX_BYTES } from '../../api/admin/catalog-limits.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { useConsoleCall } from './console-session.tsx';
import { useFailureText } from './use-console-query.ts';

interface ImageFieldProps {
  id: string;
  label: string;
  error?: string | null;
  value: string;
  onChange(value: string): void;
}

export function ImageField({ id, label, error, value, onChange }: ImageFieldProps) {
  const t = useT();
  const call = useConsoleCall();
  const failureText = useFailureText();
  const uploadId = useId();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    if (file.size > CATALOG_IMAGE_MAX_BYTES) return setUploadError(t('errorImageTooLarge'));
    setUploading(true);
    try {
      const result = await call('admin/upload-image', { image: await dataUrlOf(file) });
      if (result.ok) onChange(result.value.url);
      else setUploadError(failureText(result));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="console-image-field">
      <FormField
        id={id}
        label={label}
        error={error ?? uploadError}
        value={value}
        spellCheck={false}
        hint={t('consoleImageHint')}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="console-image-row">
        {value ? <img className="console-image-preview" src={value} alt={t('consoleImagePreview', { label })} width={120} height={64} /> : null}
        {/* The input before its label, so the label can show the input's keyboard focus (console.css). */}
        <input
          id={uploadId}
          className="visually-hidden console-upload-input"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          disabled={uploading}
          onChange={(event) => void upload(event)}
        />
        <label className="button button-ghost console-upload" htmlFor={uploadId}>
          {uploading ? t('consoleUploading') : t('consoleUpload')}
        </label>
      </div>
    </div>
  );
}

function dataUrlOf(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}
