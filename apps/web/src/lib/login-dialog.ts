import { useSyncExternalStore } from 'react';

/** Which sign-in dialog is open; any screen may open one, the app shell renders it. */
export type LoginDialog = 'chain' | 'email' | 'password' | 'reset' | null;

let open: LoginDialog = null;
const listeners = new Set<() => void>();

export function openLoginDialog(dialog: LoginDialog) {
  open = dialog;
  for (const listener of listeners) listener();
}

export function useLoginDialog(): LoginDialog {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}
