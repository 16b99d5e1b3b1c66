import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Skeleton } from '../../components/Skeleton.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { DEVICES_KEY } from './notifications-api.ts';
import './notifications.css';

/** The devices signed in to the account (docs/user-guide.md "Devices"): sign one out, or every other one. */
export default function DevicesScreen() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES_KEY, queryFn: () => call('sessionList', {}) });
  const done = {
    onSuccess: () => showToast(t('devices.signedOut'), 'success'),
    onError: (e: unknown) =>
      showToast(
        errorMessage(e, t, (k) => i18n.exists(k)),
        'error',
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  };
  const signOutOne = useMutation({ mutationFn: (id: string) => call('sessionSignOut', { params: { id } }), ...done });
  const signOutOthers = useMutation({ mutationFn: () => call('sessionSignOutOthers', {}), ...done });
  if (!devices.data) return <Skeleton />;
  const others = devices.data.list.filter((d) => !d.current).length;
  return (
    <div className="stack-sm" data-testid="devices">
      <p className="muted small">{t('devices.intro')}</p>
      <ul className="card option-list">
        {devices.data.list.map((device) => (
          <li key={device.id} className="option" data-testid="device" data-current={device.current}>
            <div className="device">
              <span className="device-lines">
                <bdi dir="ltr">{device.browser}</bdi>
                <small className="muted">
                  {t('devices.from')} <bdi dir="ltr">{device.ipPrefix}</bdi>
                </small>
                <small className="muted">
                  {t('devices.lastSeen', { when: formatDateTime(device.lastSeenAt, i18n.language) })}
                </small>
              </span>
              {device.current ? (
                <span className="small device-current">{t('devices.thisDevice')}</span>
              ) : (
                <button
                  type="button"
                  className="link-button small"
                  disabled={signOutOne.isPending}
                  onClick={() => signOutOne.mutate(device.id)}
                  data-testid="device-sign-out"
                >
                  {t('devices.signOut')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <button
          type="button"
          className="button button-quiet"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
          data-testid="devices-sign-out-others"
        >
          {t('devices.signOutOthers')}
        </button>
      )}
    </div>
  );
}
