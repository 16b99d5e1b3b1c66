import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { readRetryDelay, retryRead } from '../lib/read-retry.ts';
import { Layout } from './Layout.tsx';
import { useAppLocation } from './navigation.ts';
import { RouteErrorBoundary } from './RouteError.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal (4xx) will not change by asking again; network trouble and a 503 with Retry-After will.
      retry: retryRead,
      retryDelay: readRetryDelay,
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useAppLocation}>
        <RouteErrorBoundary>
          <Layout />
        </RouteErrorBoundary>
      </Router>
    </QueryClientProvider>
  );
}

/**
 * Resolves once the page has loaded and the first screen has what it shows: a query has answered and none is in
 * flight. A screen that asks for nothing counts as settled a few seconds after the load, once nothing is in flight.
 */
export function firstScreenSettled(client: QueryClient = queryClient, quietAfterLoadMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const cache = client.getQueryCache();
    let waitedLongEnough = false;
    const answered = () => waitedLongEnough || cache.getAll().some((query) => query.state.status !== 'pending');
    const check = () => {
      if (document.readyState !== 'complete' || !answered() || client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = cache.subscribe(() => queueMicrotask(check));
    const afterLoad = () => {
      check();
      setTimeout(() => {
        waitedLongEnough = true;
        check();
      }, quietAfterLoadMs);
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
}
