import { IOS_PROMPT_FIRST_VISIT, IOS_PROMPT_VISIT_COUNT } from '../api/constants.ts';

export interface DeviceHints {
  userAgent: string;
  maxTouchPoints: number;
}

/**
 * iPhone, iPod and iPad report themselves in the user agent; iPadOS 13+ asks
 * for desktop sites and reports as a Macintosh, but no Mac has a multi-touch
 * screen, so more than one touch point gives it away.
 */
export function isIosOrIpadOs({ userAgent, maxTouchPoints }: DeviceHints): boolean {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

/** Safari sets `navigator.standalone` on a home-screen app; other browsers match the display mode. */
export function isStandaloneDisplay(navigatorStandalone: boolean | undefined, displayModeStandalone: boolean): boolean {
  return navigatorStandalone === true || displayModeStandalone;
}

export interface IosPromptInput {
  enabled: boolean;
  isIos: boolean;
  isStandalone: boolean;
  /** This start's visit number (1 on the first visit). */
  visitCount: number;
}

/** Spec §4/§9: on iOS or iPadOS, not installed, from the 2nd visit for 2 visits. */
export function isIosPromptDue({ enabled, isIos, isStandalone, visitCount }: IosPromptInput): boolean {
  if (!enabled || !isIos || isStandalone) return false;
  return visitCount >= IOS_PROMPT_FIRST_VISIT && visitCount < IOS_PROMPT_FIRST_VISIT + IOS_PROMPT_VISIT_COUNT;
}

/** Reads the hints from the running browser. */
export function currentDeviceHints(): DeviceHints & { isStandalone: boolean } {
  const nav = navigator as Navigator & { standalone?: boolean };
  const displayStandalone = typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    isStandalone: isStandaloneDisplay(nav.standalone, displayStandalone),
  };
}
