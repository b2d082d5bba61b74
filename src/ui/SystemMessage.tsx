import type { ReactNode } from 'react';

interface SystemMessageProps {
  title: string;
  body: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  testId: string;
  /** Shown inside a page that has its own <main> (the console's): a region, not a second main landmark. */
  inPage?: boolean;
}

/** The full-screen message layout shared by the offline, failed-load and not-found screens. */
export function SystemMessage({ title, body, icon, actions, testId, inPage = false }: SystemMessageProps) {
  const Landmark = inPage ? 'section' : 'main';
  return (
    <Landmark className="system-message" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="system-message-card">
        {icon && <div className="system-message-icon">{icon}</div>}
        <h1 id={`${testId}-title`}>{title}</h1>
        <div className="system-message-body">{body}</div>
        {actions && <div className="system-message-actions">{actions}</div>}
      </div>
    </Landmark>
  );
}
