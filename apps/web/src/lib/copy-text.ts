import { showToast } from '../components/toast.tsx';

/** Copies text to the clipboard and says so; where the page may not write it, the text is shown to copy by hand. */
export function copyText(text: string, copiedMessage: string): Promise<void> {
  return navigator.clipboard.writeText(text).then(
    () => showToast(copiedMessage, 'success'),
    () => showToast(text),
  );
}
