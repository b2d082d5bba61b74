import { describe, expect, it } from 'vitest';
import { isIosOrIpadOs, isIosPromptDue, isStandaloneDisplay } from '../../../src/lib/ios-prompt.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1';
const IPADOS = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/125.0 Mobile Safari/537.36';

describe('isIosOrIpadOs', () => {
  it('knows iPhones by their user agent', () => {
    expect(isIosOrIpadOs({ userAgent: IPHONE, maxTouchPoints: 5 })).toBe(true);
  });

  it('knows iPadOS, which reports as a Macintosh, by its touch points', () => {
    expect(isIosOrIpadOs({ userAgent: IPADOS, maxTouchPoints: 5 })).toBe(true);
    expect(isIosOrIpadOs({ userAgent: IPADOS, maxTouchPoints: 0 })).toBe(false);
  });

  it('says no for Android', () => {
    expect(isIosOrIpadOs({ userAgent: ANDROID, maxTouchPoints: 5 })).toBe(false);
  });
});

describe('isStandaloneDisplay', () => {
  it('is true for Safari home-screen apps and display-mode standalone', () => {
    expect(isStandaloneDisplay(true, false)).toBe(true);
    expect(isStandaloneDisplay(undefined, true)).toBe(true);
    expect(isStandaloneDisplay(false, false)).toBe(false);
  });
});

describe('isIosPromptDue (spec §4, §9)', () => {
  const base = { enabled: true, isIos: true, isStandalone: false };

  it('is due on the 2nd and 3rd visit only', () => {
    const due = [1, 2, 3, 4, 5].map((visitCount) => isIosPromptDue({ ...base, visitCount }));
    expect(due).toEqual([false, true, true, false, false]);
  });

  it('is never due when installed, not on iOS, or switched off', () => {
    expect(isIosPromptDue({ ...base, visitCount: 2, isStandalone: true })).toBe(false);
    expect(isIosPromptDue({ ...base, visitCount: 2, isIos: false })).toBe(false);
    expect(isIosPromptDue({ ...base, visitCount: 2, enabled: false })).toBe(false);
  });
});
