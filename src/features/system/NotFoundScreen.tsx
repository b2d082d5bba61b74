import { Link } from 'react-router-dom';
import { useT } from '../../app/look.tsx';
import { SystemMessage } from './SystemMessage.tsx';

export function NotFoundScreen() {
  const t = useT();
  return (
    <SystemMessage
      testId="not-found"
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
