import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
}

const SHOW_MS = 2600;
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Shows a short message. One toast at a time: the last replaces the one shown, so the stages of an action
 * ("Confirm in your wallet…", "Sent…") and what follows them ("Signed in") never pile up.
 */
export function showToast(text: string, kind: Toast['kind'] = 'info') {
  const id = nextId++;
  current = { id, text, kind };
  emit();
  setTimeout(() => {
    if (current?.id !== id) return;
    current = null;
    emit();
  }, SHOW_MS);
}

/**
 * Where the toast shows: at the top, in the header's band, which an open sheet never reaches (styles:
 * `--toast-room`), so it covers none of the sheet's controls; it lets taps through to what is beneath.
 */
export function Toaster() {
  const toast = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toast && (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.text}
        </div>
      )}
    </div>
  );
}
