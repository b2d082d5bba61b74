import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppChrome } from './AppChrome.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { BootGate } from './boot.tsx';
import { LocalMirrors } from './local-mirrors.tsx';
import { SettingsAndLanguageProvider } from '../base/settings-and-language.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { ServicesProvider, type AppServices } from '../base/services.tsx';
import '../ui/base.css';
import '../ui/components.css';

export function AppProviders({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesProvider services={services}>
      <SettingsAndLanguageProvider>{children}</SettingsAndLanguageProvider>
    </ServicesProvider>
  );
}

/** Everything inside the router; tests render it in a MemoryRouter. */
export function AppContent({ bootAfter = Promise.resolve() }: { bootAfter?: Promise<unknown> }) {
  return (
    <>
      <ScrollToTop />
      <LocalMirrors />
      <AppChrome>
        <BootGate after={bootAfter}>
          <AppRoutes />
        </BootGate>
      </AppChrome>
    </>
  );
}

export function App({ services, bootAfter }: { services: AppServices; bootAfter: Promise<unknown> }) {
  return (
    <StrictMode>
      <AppProviders services={services}>
        {/* Without transitions the loading state shows at once and the URL and screen agree. */}
        <BrowserRouter useTransitions={false}>
          <AppContent bootAfter={bootAfter} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}
