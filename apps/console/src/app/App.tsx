import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Router } from 'wouter';
import { onSessionChange, sessionToken } from '../api/session.ts';
import { SignInScreen } from '../screens/signin/SignInScreen.tsx';
import { Shell } from './Shell.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Signed in: the shell; else the sign-in page, whatever the address (it is kept for after sign-in). */
export function App() {
  const [token, setToken] = useState(sessionToken);
  useEffect(
    () =>
      onSessionChange(() => {
        // Another operator's answers must never show after a sign-out.
        queryClient.clear();
        setToken(sessionToken());
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Router base="/ops">{token ? <Shell /> : <SignInScreen />}</Router>
    </QueryClientProvider>
  );
}
