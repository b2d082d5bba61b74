/**
 * /version.json's two numbers (spec §4) and the buttons that raise them:
 * "Publish to apps" makes every installed app refetch its settings on its
 * next load; clearing every app's cache is far heavier (each app empties its
 * storage and reloads), so it sits apart, is explained, and asks first.
 */
import { useState } from 'react';
import type { VersionKindName } from '../../../api/admin/limits.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';

interface VersionsPanelProps {
  /** Saved changes the apps do not have yet. */
  unpublished: boolean;
  /** Edits not saved yet: publishing would not send them. */
  unsaved: boolean;
  onPublished(): void;
}

export function VersionsPanel({ unpublished, unsaved, onPublished }: VersionsPanelProps) {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const versions = useConsoleQuery('admin/get-versions', {});
  const [busy, setBusy] = useState<VersionKindName | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingCache, setConfirmingCache] = useState(false);

  const bump = async (kind: VersionKindName) => {
    setBusy(kind);
    setProblem(null);
    const result = await call('admin/bump-version', { kind });
    setBusy(null);
    setConfirmingCache(false);
    if (!result.ok) return setProblem(failureText(result));
    versions.replace(result.value);
    if (kind === 'settings') onPublished();
    announce(t(kind === 'settings' ? 'consolePublished' : 'consoleCacheBumped', versionValues(result.value)));
  };

  const numbers = versions.data;
  return (
    <section className="console-card console-versions" aria-labelledby="console-versions-title" data-testid="versions-panel">
      <h2 id="console-versions-title">{t('consoleVersionsTitle')}</h2>
      {numbers && <p data-testid="versions-now">{t('consoleVersionsNow', versionValues(numbers))}</p>}
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      {unsaved ? <p className="form-hint">{t('consoleSaveBeforePublish')}</p> : unpublished && <p className="console-note">{t('consoleUnpublished')}</p>}
      <button type="button" className="button button-primary" disabled={busy !== null || unsaved} onClick={() => void bump('settings')}>
        {busy === 'settings' ? t('consolePublishing') : t('consolePublish')}
      </button>
      <div className="console-danger-zone">
        <h3>{t('consoleCacheTitle')}</h3>
        <p className="form-hint">{t('consoleCacheWarning')}</p>
        <button type="button" className="button button-danger" disabled={busy !== null} onClick={() => setConfirmingCache(true)}>
          {t('consoleCacheBump')}
        </button>
      </div>
      {confirmingCache && (
        <ConfirmDialog
          title={t('consoleCacheConfirmTitle')}
          confirmLabel={t('consoleCacheBump')}
          cancelLabel={t('consoleCancel')}
          busy={busy === 'cache'}
          onConfirm={() => void bump('cache')}
          onCancel={() => setConfirmingCache(false)}
        >
          <p>{t('consoleCacheWarning')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function versionValues(numbers: { forceNewSettingsVersion: string; forceCacheClearVersion: string }) {
  return { settings: numbers.forceNewSettingsVersion, cache: numbers.forceCacheClearVersion };
}
