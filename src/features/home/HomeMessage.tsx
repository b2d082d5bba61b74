import { lazy, Suspense } from 'react';
import { useSettings } from '../../base/settings-and-language.tsx';

// The sanitiser is only downloaded by stores that set a message.
const SanitizedHtml = lazy(() => import('../../ui/SanitizedHtml.tsx').then((module) => ({ default: module.SanitizedHtml })));

/** The admin's optional custom HTML home message (spec §2), sanitised before it reaches the page. */
export function HomeMessage() {
  const html = useSettings().get('customHomeMessage');
  if (!html.trim()) return null;
  return (
    <Suspense fallback={null}>
      <SanitizedHtml html={html} className="home-message" testId="home-message" />
    </Suspense>
  );
}
