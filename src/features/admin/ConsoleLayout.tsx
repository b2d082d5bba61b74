/**
 * The console's frame: a sidebar of the sections the user may open (a menu
 * button above the page under 900 px), who is signed in with a way out, a
 * notice while the network is gone, and the open section.
 */
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { keepHeightInProperty } from '../../ui/height-property.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { sectionsFor, startPathFor } from './console-sections.ts';
import { useConsoleSession, useConsoleSignOut } from './console-session.tsx';
import { useOnline } from './use-online.ts';

export function ConsoleLayout() {
  const t = useT();
  const session = useConsoleSession();
  const signOut = useConsoleSignOut();
  const online = useOnline();
  const sections = sectionsFor(session.role);
  const [menuOpen, setMenuOpen] = useState(false);
  // The bar wraps on a phone; the sticky nav and toolbars stand below however tall it is (console.css).
  const barRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => (barRef.current ? keepHeightInProperty(barRef.current, '--console-bar-space') : undefined), []);

  return (
    <div className="console-frame">
      <header className="console-bar" ref={barRef}>
        <button
          type="button"
          className="button button-ghost console-menu-button"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {t('consoleMenu')}
        </button>
        <p className="console-brand">{t('consoleTitle')}</p>
        <p className="console-who" data-testid="console-who">
          {t(session.role === 'admin' ? 'consoleSignedInAdmin' : 'consoleSignedInOwner', { name: session.name || session.email })}
        </p>
        <button type="button" className="button button-ghost" onClick={() => void signOut()}>
          {t('consoleSignOut')}
        </button>
      </header>
      <nav id="console-nav" className="console-nav" data-open={menuOpen} aria-label={t('consoleSections')}>
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              {/* Choosing a section on a narrow screen closes the menu. */}
              <NavLink to={`/admin/${section.path}`} className="console-nav-link" onClick={() => setMenuOpen(false)}>
                {t(section.title)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="console-main">
        {!online && (
          <p className="console-offline" role="alert" data-testid="console-offline">
            {t('consoleOffline')}
          </p>
        )}
        <Suspense
          fallback={
            <div className="console-loading">
              <Spinner label={t('loading')} />
            </div>
          }
        >
          <Routes>
            <Route index element={<Navigate to={startPathFor(session.role)} replace />} />
            {sections.map(({ path, Screen }) => (
              <Route key={path} path={`${path}/*`} element={<Screen />} />
            ))}
            <Route path="*" element={<NotFoundScreen inPage />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
