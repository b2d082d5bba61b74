/** delete-user behind a confirmation that says what it does; not offered to an agent acting for the customer. */
import { useState } from 'react';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

/** `onDeleted` runs once the server erased the account (the worker has signed out by then). */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const t = useT();
  const { worker } = useServices();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<TextKey | null>(null);

  const remove = async () => {
    setBusy(true);
    const result = await worker.deleteAccount();
    setBusy(false);
    setAsking(false);
    if (!result.ok) return setError(failureTextKey(result));
    onDeleted();
  };

  return (
    <section className="card" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading" className="card-title">
        {t('deleteAccountHeading')}
      </h2>
      <p className="form-note">{t('deleteAccountIntro')}</p>
      {error && (
        <p className="form-alert" role="alert">
          {t(error)}
        </p>
      )}
      <button type="button" className="button button-ghost account-danger" onClick={() => setAsking(true)}>
        {t('deleteAccountAction')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('deleteAccountConfirmTitle')}
          confirmLabel={t('deleteAccountConfirm')}
          cancelLabel={t('deleteAccountKeep')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setAsking(false)}
        >
          <p>{t('deleteAccountConsequence')}</p>
          <p>{t('deleteAccountFinal')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
