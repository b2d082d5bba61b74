/**
 * The console's "Saved" (and other short news): one polite live region that
 * screen readers announce, shown as a toast for a few seconds. Outside a
 * provider (a form tested alone) announcing does nothing.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export const TOAST_VISIBLE_MS = 4000;

const AnnounceContext = createContext<(text: string) => void>(() => {});

export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}

export function ConsoleToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ text: string; serial: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announce = useCallback((text: string) => {
    // A serial, so the same words twice in a row are announced twice.
    setToast((current) => ({ text, serial: (current?.serial ?? 0) + 1 }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), TOAST_VISIBLE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="console-toast-region" role="status" aria-live="polite" data-testid="console-toast">
        {toast && (
          <p key={toast.serial} className="console-toast">
            {toast.text}
          </p>
        )}
      </div>
    </AnnounceContext.Provider>
  );
}
