import { Link } from 'react-router-dom';
import { useT } from '../app/look.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ScreenShell } from './ScreenShell.tsx';

/** A signed-in screen seen signed out: what it would show, and the way to /login. */
export function SignInFirst({ title, text, topLevel = false }: { title: string; text: string; topLevel?: boolean }) {
  const t = useT();
  return (
    <ScreenShell title={title} topLevel={topLevel}>
      <EmptyState
        action={
          <Link className="button button-primary" to="/login">
            {t('signIn')}
          </Link>
        }
      >
        {text}
      </EmptyState>
    </ScreenShell>
  );
}
