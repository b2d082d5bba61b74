import { describe, expect, it } from 'vitest';
import { ENGLISH_TEXTS, type TextKey } from '../../../src/api/language/texts.ts';
import { formatText } from '../../../src/api/language/format-text.ts';
import { isAppOffline, minutesSince, updatedAgoText } from '../../../src/lib/connectivity.ts';

const t = (key: TextKey) => ENGLISH_TEXTS[key];

describe('isAppOffline', () => {
  it('is offline when the last request failed by network or timed out, or when simulated', () => {
    expect(isAppOffline('offline', false)).toBe(true);
    expect(isAppOffline('timeout', false)).toBe(true);
    expect(isAppOffline(null, true)).toBe(true);
  });

  it('is online after any answer from the server', () => {
    expect(isAppOffline(null, false)).toBe(false);
    expect(isAppOffline(undefined, false)).toBe(false);
  });
});

describe('updatedAgoText', () => {
  const now = Date.UTC(2025, 0, 1, 12, 0);

  it('says "just now" under a minute and N min after', () => {
    expect(updatedAgoText(now - 20_000, now, t)).toBe('Updated just now');
    expect(updatedAgoText(now - 7 * 60_000 - 5_000, now, t)).toBe(formatText(ENGLISH_TEXTS.updatedAgo, { minutes: 7 }));
  });

  it('says nothing when nothing was ever fetched', () => {
    expect(updatedAgoText(null, now, t)).toBeNull();
  });

  it('never counts negative minutes for a clock that moved back', () => {
    expect(minutesSince(now + 60_000, now)).toBe(0);
  });
});
