import type { ReactNode } from 'react';
import { InboxIcon } from './icons.tsx';

export function EmptyState({
  title,
  text,
  icon,
  children,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="empty-state" data-testid="empty-state">
      <div className="empty-state-icon">{icon ?? <InboxIcon width={36} height={36} />}</div>
      <h2 className="empty-state-title">{title}</h2>
      <p className="empty-state-text">{text}</p>
      {children}
    </section>
  );
}
