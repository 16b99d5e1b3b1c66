import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errors.ts';

/** A refused call's message, announced to screen readers. */
export function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {errorText(t, error)}
    </p>
  );
}
