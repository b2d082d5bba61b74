/**
 * The new-order sound: the app's two-tone chime (Web Audio, no audio file).
 * Browsers play sound only after the person has interacted with the page,
 * so the console waits for a first click or key press before it tries, and
 * a mute switch (kept on this device) silences it.
 */
import { useCallback, useEffect, useState } from 'react';
import { playAlertChime } from '../../../lib/alert-sound.ts';

const MUTED_KEY = 'consoleOrderSoundMuted';

let interacted = false;
const waiting = new Set<() => void>();

function markInteracted(): void {
  if (interacted) return;
  interacted = true;
  waiting.forEach((notify) => notify());
  waiting.clear();
}

function readMuted(): boolean {
  try {
    return localStorage.getItem(MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export interface OrderSound {
  /** The page was clicked or typed in: sound may play. */
  ready: boolean;
  muted: boolean;
  setMuted(muted: boolean): void;
  /** Plays the chime unless muted or not yet allowed; answers whether it played. */
  play(): boolean;
}

export function useOrderSound(): OrderSound {
  const [ready, setReady] = useState(interacted);
  const [muted, setMutedState] = useState(readMuted);
  useEffect(() => {
    if (interacted) return;
    const notify = () => setReady(true);
    waiting.add(notify);
    window.addEventListener('pointerdown', markInteracted, true);
    window.addEventListener('keydown', markInteracted, true);
    return () => {
      waiting.delete(notify);
      window.removeEventListener('pointerdown', markInteracted, true);
      window.removeEventListener('keydown', markInteracted, true);
    };
  }, []);
  const setMuted = useCallback((value: boolean) => {
    setMutedState(value);
    try {
      localStorage.setItem(MUTED_KEY, String(value));
    } catch {
      // Private mode: the switch still holds for this visit.
    }
  }, []);
  const play = useCallback(() => (ready && !muted ? playAlertChime() : false), [ready, muted]);
  return { ready, muted, setMuted, play };
}

