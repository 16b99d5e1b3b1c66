import { VERIFY_CODE_COUNTDOWN_S } from '@aidf/contract';
import { showToast } from '../components/toast.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { errorMessage } from './error-message.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * Sends an e-mail code and blocks the resend for the countdown (SPEC.md point 4: 60 s); a refused send is toasted
 * and lifts the block at once. `send(request)` answers the code's id, null when nothing was sent.
 */
export function useCodeSender() {
  const { t, i18n } = useTranslation();
  const countdown = useCountdown();
  async function send(request: () => Promise<string>): Promise<string | null> {
    if (countdown.left > 0) return null;
    countdown.start(VERIFY_CODE_COUNTDOWN_S);
    try {
      const id = await request();
      showToast(t('auth.codeSent'), 'success');
      return id;
    } catch (error) {
      countdown.start(0);
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
      return null;
    }
  }
  return { secondsLeft: countdown.left, send };
}
