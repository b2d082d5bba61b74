import { useT } from '../../base/settings-and-language.tsx';

/** "Waiting for network": a step the driver took that is still in the outbox (DESIGN §4). */
export function PendingMark({ testId = 'pending-mark' }: { testId?: string }) {
  const t = useT();
  return (
    <span className="pending-mark" data-testid={testId}>
      {t('driverWaitingForNetwork')}
    </span>
  );
}
