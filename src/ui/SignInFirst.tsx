import { Link, useLocation } from 'react-router-dom';
import { useT } from '../base/settings-and-language.tsx';
import { withNextPath } from '../lib/return-path.ts';
import { EmptyState } from './EmptyState.tsx';
import { ScreenShell } from './ScreenShell.tsx';

/** A signed-in screen seen signed out: what it would show, and the way to /login, which comes back here once signed in. */
export function SignInFirst({ title, text, topLevel = false }: { title: string; text: string; topLevel?: boolean }) {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <ScreenShell title={title} topLevel={topLevel}>
      <EmptyState
        action={
          <Link className="button button-primary" to={withNextPath('/login', `${pathname}${search}`)}>
            {t('signIn')}
          </Link>
        }
      >
        {text}
      </EmptyState>
    </ScreenShell>
  );
}
