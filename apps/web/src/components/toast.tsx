import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'success' | 'error';
  /** Toasts of one slot replace each other (the stages of one wallet action), instead of stacking up. */
  slot?: string | undefined;
}

const SHOW_MS = 2600;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/**
 * Shows a short message above the tab bar; a repeat of the text on screen is not stacked. With a `slot`, the
 * message takes the place of the slot's earlier one, if it is still shown.
 */
export function showToast(text: string, kind: Toast['kind'] = 'info', slot?: string) {
  const earlier = slot === undefined ? -1 : toasts.findIndex((t) => t.slot === slot);
  if (toasts.some((t, i) => t.text === text && i !== earlier)) return;
  const id = nextId++;
  const toast = { id, text, kind, slot };
  toasts = earlier >= 0 ? toasts.map((t, i) => (i === earlier ? toast : t)) : [...toasts, toast];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, SHOW_MS);
}

export function Toaster() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
  return (
    <div className="toaster" role="status" aria-live="polite">
      {current.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
