import { Component, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { EmptyState } from '../components/EmptyState.tsx';
import { useTranslation } from '../i18n/use-translation.ts';

/** Shown when a screen fails to load or render; a reload usually fetches the missing chunk. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="app-column">
      <EmptyState title={t('errors.500')} text={t('errors.network')}>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    </main>
  );
}

interface BoundaryProps {
  path: string;
  children: ReactNode;
}

/**
 * Catches what the shell or a screen throws, a chunk that fails to load included (React logs the error);
 * going to another path clears it.
 */
class Boundary extends Component<BoundaryProps, { path: string; failed: boolean }> {
  override state = { path: this.props.path, failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { path: string }) {
    return props.path === state.path ? null : { path: props.path, failed: false };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <Boundary path={path}>{children}</Boundary>;
}
