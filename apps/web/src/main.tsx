import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstScreenSettled } from './app/App.tsx';
import { signInDialogs } from './app/Layout.tsx';
import { routes } from './app/routes.tsx';
import { initI18n } from './i18n/index.ts';
import { inviteCodeOf } from './lib/invite.ts';
import { preloadLater, startPreloading } from './lib/preloadable.tsx';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles/tokens.css';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The invitation link's code is kept before anything loads: leaving the page early must not lose it.
inviteCodeOf(window.location.search);

// The app shell kept for an offline start and installation (the web app manifest asks for a worker).
registerServiceWorker();
// Every screen's chunk and the sign-in dialogs' after the first screen has settled, one per idle moment (never all
// at once: on a slow phone their parsing would block taps in the page's first seconds); a tab's link seen or touched
// brings its screen forward. A first visit then shows them at once.
for (const chunk of [...routes, signInDialogs]) preloadLater(chunk);
startPreloading(firstScreenSettled());

// In a transition, React renders the first screen in slices and lets the browser breathe between them, instead of
// one long task that holds a slow phone's main thread (and its taps) until the whole tree is on screen.
initI18n().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
