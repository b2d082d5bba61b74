/**
 * The in-app push notification dialog (spec §2): a push that arrived while
 * the app was focused. It buzzes and chimes once, holds the focus while open
 * (Tab cycles inside it), closes on Escape and gives the focus back.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PushAlert } from '../../api/push.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { playAlertChime, vibrateForAlert } from '../../lib/alert-sound.ts';
import './push-dialog.css';

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function PushDialog({ alert, onClose }: { alert: PushAlert; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { worker } = useServices();
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);

  // Once per alert: a new push while one is open is announced again.
  useEffect(() => {
    vibrateForAlert();
    playAlertChime();
  }, [alert]);

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    firstActionRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const inside = dialogRef.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [onClose]);

  const open = () => {
    if (alert.notificationId !== null) void worker.markAlertRead(alert.notificationId);
    onClose();
    if (alert.link) navigate(alert.link);
  };

  return (
    <div className="push-dialog-backdrop" data-testid="push-dialog-backdrop">
      <div
        ref={dialogRef}
        className="push-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="push-dialog-title"
        aria-describedby={alert.body ? 'push-dialog-body' : undefined}
        data-testid="push-dialog"
      >
        <h2 id="push-dialog-title" className="push-dialog-title">
          {alert.title}
        </h2>
        {alert.body && (
          <p id="push-dialog-body" className="push-dialog-body">
            {alert.body}
          </p>
        )}
        <div className="push-dialog-actions">
          {alert.link ? (
            <>
              <button type="button" className="button button-ghost" onClick={onClose}>
                {t('close')}
              </button>
              <button ref={firstActionRef} type="button" className="button button-primary" onClick={open}>
                {t('pushDialogOpen')}
              </button>
            </>
          ) : (
            <button ref={firstActionRef} type="button" className="button button-primary" onClick={onClose}>
              {t('close')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
