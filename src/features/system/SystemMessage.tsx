import type { ReactNode } from 'react';

interface SystemMessageProps {
  title: string;
  body: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  testId: string;
}

/** The full-screen message layout shared by the offline, failed-load and not-found screens. */
export function SystemMessage({ title, body, icon, actions, testId }: SystemMessageProps) {
  return (
    <main className="system-message" data-testid={testId} aria-labelledby={`${testId}-title`}>
      <div className="system-message-card">
        {icon && <div className="system-message-icon">{icon}</div>}
        <h1 id={`${testId}-title`}>{title}</h1>
        <div className="system-message-body">{body}</div>
        {actions && <div className="system-message-actions">{actions}</div>}
      </div>
    </main>
  );
}
