import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { initI18n } from './i18n/index.ts';
import { inviteCodeOf } from './lib/invite.ts';
import './styles/tokens.css';
import './styles/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The invitation link's code is kept before anything loads: leaving the page early must not lose it.
inviteCodeOf(window.location.search);

initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
