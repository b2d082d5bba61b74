import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html.ts';

/** Admin-provided HTML, passed through the whitelist sanitiser first. */
export function SanitizedHtml({ html, className, testId }: { html: string; className: string; testId: string }) {
  const safeHtml = useMemo(() => sanitizeHtml(html), [html]);
  if (!safeHtml) return null;
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}
