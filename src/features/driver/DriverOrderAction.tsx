/**
 * The one thing the driver does next on an order, by its status: accept to
 * deliver (offered), picked up (theirs, at the store), delivered (theirs, at
 * the door; with the customer's 4-digit PIN when the order asks for it). The
 * step shows at once; the steps list marks the ones still waiting for the
 * network.
 */
import { useState, type FormEvent } from 'react';
import { DRIVER_MOVES, driverMoveFrom, type DriverMove } from '../../api/driver/moves.ts';
import type { DriverOrderRow } from '../../api/driver/worker-api.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { FormField } from '../../ui/FormField.tsx';
import { PendingMark } from './PendingMark.tsx';
import '../../ui/form.css';

/** What the button of each move says. */
const MOVE_LABEL: Record<DriverMove, TextKey> = { accept: 'driverAccept', pickup: 'driverPickedUp', deliver: 'driverDelivered' };

const PIN_PATTERN = /^\d{4}$/;

/** Keyed by the order's status by its parent, so a new step starts with an empty PIN and no old message. */
export function DriverOrderAction({ order }: { order: DriverOrderRow }) {
  const t = useT();
  const worker = useSyncWorker();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<TextKey | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const move = driverMoveFrom(order.status);
  // Another driver was first: nothing is left to accept, whatever status the row last heard.
  if (!move || order.list === 'taken') return null;
  const action = { move, label: MOVE_LABEL[move] };
  const needsPin = action.move === 'deliver' && order.requires_pin;
  const pinId = `driver-pin-${order.unique_order_id}`;

  const act = async (event: FormEvent) => {
    event.preventDefault();
    if (needsPin && !PIN_PATTERN.test(pin)) {
      setPinError('driverPinRequired');
      document.getElementById(pinId)?.focus();
      return;
    }
    setSending(true);
    setProblem(null);
    const result = await worker.driverMove(order.unique_order_id, action.move, needsPin ? pin : undefined);
    setSending(false);
    if (!result.ok) setProblem(t(failureTextKey(result)));
  };

  return (
    <form className="form driver-action" noValidate onSubmit={(event) => void act(event)} data-testid="driver-action">
      {needsPin && (
        <FormField
          id={pinId}
          label={t('driverPinLabel')}
          hint={t('driverPinHint')}
          error={pinError ? t(pinError) : null}
          className="driver-pin-input"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={4}
          autoComplete="one-time-code"
          value={pin}
          onChange={(event) => {
            setPin(event.target.value.replace(/\D/g, '').slice(0, 4));
            setPinError(null);
          }}
        />
      )}
      <button type="submit" className="button button-primary button-large driver-action-button" disabled={sending}>
        {sending ? t('sending') : t(action.label)}
      </button>
      {problem && (
        <p className="driver-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

/** The steps a driver's moves lead to, in order. */
const STEP_LABEL: Record<DriverMove, TextKey> = { accept: 'driverStepAccepted', pickup: 'driverStepPickedUp', deliver: 'driverStepDelivered' };
const STEPS: readonly { status: number; label: TextKey }[] = (['accept', 'pickup', 'deliver'] as const).map((move) => ({
  status: DRIVER_MOVES[move].to,
  label: STEP_LABEL[move],
}));

/** Accepted, picked up, delivered: done or not yet, each marked while it waits for the network. */
export function DriverSteps({ order }: { order: DriverOrderRow }) {
  const t = useT();
  const reached = STEPS.findIndex((step) => step.status === order.status);
  if (reached < 0) return null;
  return (
    <ol className="driver-steps" aria-label={t('driverStepsLabel')} data-testid="driver-steps">
      {STEPS.map((step, index) => {
        const done = index <= reached;
        return (
          <li key={step.status} className={`driver-step${done ? ' is-done' : ''}`} data-state={done ? 'done' : 'next'} data-testid="driver-step">
            <span className="driver-step-mark" aria-hidden="true" />
            <span className="driver-step-label">{t(step.label)}</span>
            {!done && <span className="visually-hidden">{t('driverStepNotYet')}</span>}
            {order.pending.some((move) => move.status === step.status) && <PendingMark />}
          </li>
        );
      })}
    </ol>
  );
}
