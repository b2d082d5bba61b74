import { Link } from 'react-router-dom';
import { useT } from '../base/settings-and-language.tsx';
import { SystemMessage } from './SystemMessage.tsx';

/** `inPage` inside a frame that has its own <main> (the console). */
export function NotFoundScreen({ inPage = false }: { inPage?: boolean }) {
  const t = useT();
  return (
    <SystemMessage
      testId="not-found"
      inPage={inPage}
      title={t('notFoundTitle')}
      body={<p>{t('notFoundBody')}</p>}
      actions={
        <Link className="button button-primary" to="/">
          {t('goHome')}
        </Link>
      }
    />
  );
}
