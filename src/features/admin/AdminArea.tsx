/**
 * /admin/*: the console for administrators and store owners, its own lazily
 * loaded module (STYLE habit 4) that nothing outside it imports, so customers
 * never download it. It signs in on its own (/admin/login) and talks to the
 * API straight from the page; each section loads when first opened.
 */
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ConsoleLayout } from './ConsoleLayout.tsx';
import { ConsoleSignIn } from './ConsoleSignIn.tsx';
import { ConsoleSessionProvider, useStoredConsoleSession } from './console-session.tsx';
import { ConsoleToastProvider } from './console-toast.tsx';
import '../../ui/form.css';
import '../../ui/text-field.css';
import './console.css';

export function AdminArea() {
  return (
    <div className="console" data-testid="admin-console">
      <ConsoleToastProvider>
        <Routes>
          <Route path="login" element={<ConsoleSignIn />} />
          <Route path="*" element={<ConsoleGate />} />
        </Routes>
      </ConsoleToastProvider>
    </div>
  );
}

/** Every page but the sign-in: only with a console session, else to the sign-in and back here after it. */
function ConsoleGate() {
  const t = useT();
  const session = useStoredConsoleSession();
  const location = useLocation();
  if (session === undefined) {
    return (
      <div className="console-loading">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (session === null) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return (
    <ConsoleSessionProvider session={session}>
      <ConsoleLayout />
    </ConsoleSessionProvider>
  );
}
