/**
 * Waits for PUSH_RECEIVED messages shown in-app and opens the dialog; the
 * dialog's code loads with the first one. Sits in the prompt dock, which
 * loads after the first paint.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { PushAlert } from '../../api/push.ts';
import { subscribePushMessages } from './push-messages.ts';

const PushDialog = lazy(() => import('./PushDialog.tsx').then((module) => ({ default: module.PushDialog })));

export function PushDialogHost() {
  const [alert, setAlert] = useState<PushAlert | null>(null);
  useEffect(
    () =>
      subscribePushMessages((message) => {
        if (message.display === 'in-app') setAlert(message.alert);
      }),
    [],
  );
  const close = useCallback(() => setAlert(null), []);
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      <PushDialog alert={alert} onClose={close} />
    </Suspense>
  );
}
