import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../base/settings-and-language.tsx';
import { BackIcon } from './icons.tsx';
import { EmptyState } from './EmptyState.tsx';
import './screen-shell.css';

interface ScreenShellProps {
  title: string;
  children: ReactNode;
  /** Hide the back button on top-level screens (the tab bar's destinations). */
  topLevel?: boolean;
  className?: string;
  /** Where back leads on the first page of a visit (an area's own start page; the app's home by default). */
  home?: string;
}

/** A screen with a header (back, title) and its body. */
export function ScreenShell({ title, children, topLevel = false, className, home = '/' }: ScreenShellProps) {
  return (
    <div className={`screen${className ? ` ${className}` : ''}`}>
      <header className="screen-header">
        {!topLevel && <BackButton home={home} />}
        <h1 className="screen-title">{title}</h1>
      </header>
      <main className="screen-body">{children}</main>
    </div>
  );
}

function BackButton({ home }: { home: string }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  // The first page of a visit has nowhere to go back to: go home instead.
  if (location.key === 'default') {
    return (
      <Link className="icon-button" to={home} aria-label={t('back')}>
        <BackIcon />
      </Link>
    );
  }
  return (
    <button type="button" className="icon-button" aria-label={t('back')} onClick={() => navigate(-1)}>
      <BackIcon />
    </button>
  );
}

/** Placeholder screens of areas that later work fills: a real header, and says so. */
export function ComingScreen({ title, children }: { title: string; children?: ReactNode }) {
  const t = useT();
  return (
    <ScreenShell title={title}>
      <EmptyState>{t('comingScreenBody')}</EmptyState>
      {children}
    </ScreenShell>
  );
}
