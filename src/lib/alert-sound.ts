/**
 * The in-app push dialog's buzz and chime (spec §2: with vibration and
 * sound). The chime is made with the Web Audio API, so no audio file is
 * downloaded; where the browser refuses (no user gesture yet, no audio), it
 * stays silent.
 */

/** Two short rising tones, under half a second. */
const TONES = [
  { frequency: 880, start: 0, length: 0.14 },
  { frequency: 1318.5, start: 0.17, length: 0.22 },
] as const;
const VOLUME = 0.18;
export const VIBRATION_PATTERN_MS = [200, 100, 200];

type AudioContextClass = typeof AudioContext;

export function playAlertChime(
  win: { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass } = window as never,
): boolean {
  const Context = win.AudioContext ?? win.webkitAudioContext;
  if (!Context) return false;
  try {
    const audio = new Context();
    const begin = audio.currentTime + 0.01;
    for (const tone of TONES) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = tone.frequency;
      const from = begin + tone.start;
      const to = from + tone.length;
      // A quick fade in and out: no click at either end.
      gain.gain.setValueAtTime(0.0001, from);
      gain.gain.exponentialRampToValueAtTime(VOLUME, from + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, to);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(from);
      oscillator.stop(to + 0.02);
    }
    void audio.resume().catch(() => undefined);
    setTimeout(() => void audio.close().catch(() => undefined), 1000);
    return true;
  } catch {
    return false;
  }
}

export function vibrateForAlert(nav: Navigator = navigator): boolean {
  try {
    return typeof nav.vibrate === 'function' ? nav.vibrate(VIBRATION_PATTERN_MS) : false;
  } catch {
    return false;
  }
}
