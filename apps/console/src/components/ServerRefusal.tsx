import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { ErrorLine } from './ErrorLine.tsx';

/**
 * A refusal in the operator's language and, for invalid input (1225), the server's own explanation beside it:
 * it names the rule the value broke ("pledge.rate.90 must be a percent…"), which no general line can.
 */
export function ServerRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const detail = error instanceof ApiError && error.code === 1225 && error.serverMessage ? error.serverMessage : null;
  return (
    <>
      <ErrorLine error={error} />
      {detail ? (
        <p className="error" data-testid="server-detail">
          {t('config.serverSays', { detail })}
        </p>
      ) : null}
    </>
  );
}
