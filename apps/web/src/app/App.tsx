import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ApiError } from '../lib/api-client.ts';
import { Layout } from './Layout.tsx';
import { useAppLocation } from './navigation.ts';
import { RouteErrorBoundary } from './RouteError.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal (4xx) will not change by asking again; network trouble may.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
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
