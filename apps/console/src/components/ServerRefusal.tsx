import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { ErrorLine } from './ErrorLine.tsx';

/**
 * Refusals whose server message names what exactly was wrong: invalid input (1225), and an address refused by a
 * money setting's check (which platform or user address it is, the checksummed form it should have).
 */
const EXPLAINED: ReadonlySet<number> = new Set([1225, 81010, 81016, 81017, 81018, 81034, 81037, 81064]);

/**
 * A refusal in the operator's language and, for the codes above, the server's own explanation beside it:
 * it names the rule the value broke ("pledge.rate.90 must be a percent…"), which no general line can.
 */
export function ServerRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const detail =
    error instanceof ApiError && EXPLAINED.has(error.code) && error.serverMessage ? error.serverMessage : null;
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
