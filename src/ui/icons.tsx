/** Inline icons (no icon font: nothing to download, works offline). Decorative: aria-hidden. */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      {children}
    </svg>
  );
}

export const BackIcon = () => (
  <Icon>
    <path className="flip-rtl" d="M15 18l-6-6 6-6" />
  </Icon>
);
/** Onward, in the reading direction (mirrored right to left). */
export const ForwardIcon = () => (
  <Icon>
    <path className="flip-rtl" d="M9 18l6-6-6-6" />
  </Icon>
);
export const PinIcon = () => (
  <Icon>
    <path d="M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11z" />
    <circle cx="12" cy="10" r="2.5" />
  </Icon>
);
export const BellIcon = () => (
  <Icon>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
  </Icon>
);
export const CompassIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </Icon>
);
export const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Icon>
);
export const BagIcon = () => (
  <Icon>
    <path d="M5 7h14l-1 13H6z" />
    <path d="M9 7a3 3 0 0 1 6 0" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Icon>
);
export const ChevronDownIcon = () => (
  <Icon>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);
export const CloudOffIcon = () => (
  <Icon>
    <path d="M3 3l18 18" />
    <path d="M8.5 8.6A5 5 0 0 0 6 18h11" />
    <path d="M20.4 16.4A4 4 0 0 0 17 10h-.6A6 6 0 0 0 11 6.1" />
  </Icon>
);
export const ShareIcon = () => (
  <Icon>
    <path d="M12 15V3" />
    <path d="M8 7l4-4 4 4" />
    <path d="M6 11H5v10h14V11h-1" />
  </Icon>
);
