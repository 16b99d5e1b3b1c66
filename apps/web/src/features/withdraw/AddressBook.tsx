import type { TAddressBookEntry } from '@aidf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { InputField } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { ADDRESS_BOOK_KEY, timeLeftText, useAddressBook } from './address-book-queries.ts';
import { BookConfirmation } from './BookConfirmation.tsx';

/** The current time, ticking every second while `active` (a held entry's countdown). */
function useNow(active: boolean) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The withdrawal address book on the withdraw screen: add an address with a label, confirm it (e-mail code or
 * wallet), watch its security hold count down, remove it; and the 'address book only' switch.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const book = useAddressBook();
  const held = book.data?.entries.some((e) => e.status === 'held') ?? false;
  const now = useNow(held);
  if (!book.data) return null;
  const { entries, confirmWith, holdHours } = book.data;
  return (
    <section className="card form-card stack-sm" data-testid="address-book">
      <h2 className="section-title">{t('addressBook.title')}</h2>
      <p className="muted small">{t('addressBook.intro', { hours: holdHours })}</p>
      {entries.length === 0 ? (
        <p className="muted small">{t('addressBook.empty')}</p>
      ) : (
        <ul className="option-list">
          {entries.map((entry) => (
            <BookEntry key={entry.id} entry={entry} now={now} confirmWith={confirmWith} />
          ))}
        </ul>
      )}
      <AddAddress />
      <BookOnlySwitch />
    </section>
  );
}

function useRefreshBook() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADDRESS_BOOK_KEY });
}

function BookEntry({
  entry,
  now,
  confirmWith,
}: {
  entry: TAddressBookEntry;
  now: number;
  confirmWith: 'email' | 'wallet';
}) {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const refresh = useRefreshBook();
  // The hold ends on this clock: the entry shows usable then, without asking the server again.
  const status = entry.status === 'held' && entry.usableAt !== null && entry.usableAt <= now ? 'usable' : entry.status;
  async function remove() {
    try {
      await call('addressBookRemove', { params: { id: entry.id } });
      showToast(t('addressBook.removed'), 'success');
      await refresh();
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    }
  }
  return (
    <li className="option stack-sm" data-testid="address-book-entry" data-status={status}>
      <div className="row-between">
        <span>
          <strong>{entry.label}</strong>
          <br />
          <bdi dir="ltr" className="mono small">
            {entry.address}
          </bdi>
        </span>
        <span className={`badge badge-book-${status}`}>{t(`addressBook.status.${status}`)}</span>
      </div>
      {status === 'held' && entry.usableAt !== null && (
        <p className="muted small" data-testid="address-book-countdown">
          {t('addressBook.usableIn', { time: timeLeftText(entry.usableAt, now) })}
        </p>
      )}
      {status === 'unconfirmed' && (
        <BookConfirmation
          confirmWith={confirmWith}
          change={{ change: 'add', address: entry.address }}
          testId="address-book-confirm"
          label={t('addressBook.confirm')}
          submit={async (confirmation) => {
            const done = await call('addressBookConfirm', { params: { id: entry.id }, body: confirmation });
            if (done.usableAt !== null) {
              showToast(t('addressBook.confirmed', { time: formatDateTime(done.usableAt, i18n.language) }), 'success');
            }
            await refresh();
          }}
        />
      )}
      <button type="button" className="link-button small" onClick={remove} data-testid="address-book-remove">
        {t('addressBook.remove')}
      </button>
    </li>
  );
}

function AddAddress() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const refresh = useRefreshBook();
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await call('addressBookAdd', { body: { chain: 'bsc', label, address: address.trim() } });
      setLabel('');
      setAddress('');
      setError(null);
      showToast(t('addressBook.added'), 'success');
      await refresh();
    } catch (failure) {
      setError(errorMessage(failure, t, (k) => i18n.exists(k)));
    }
  }
  return (
    <form className="stack-sm" onSubmit={submit} noValidate data-testid="address-book-add">
      <InputField
        label={t('addressBook.label')}
        dir="auto"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        name="label"
      />
      <InputField
        label={t('addressBook.address')}
        placeholder="0x…"
        autoComplete="off"
        value={address}
        onChange={(e) => setAddress(e.target.value)}
        name="address"
      />
      {error && (
        <p className="notice notice-error" role="alert" data-testid="address-book-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button-quiet">
        {t('addressBook.add')}
      </button>
    </form>
  );
}

function BookOnlySwitch() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const refresh = useRefreshBook();
  const book = useAddressBook();
  if (!book.data) return null;
  const { only, confirmWith } = book.data;
  async function turnOn() {
    try {
      await call('addressBookOnly', { body: { on: true } });
      await refresh();
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    }
  }
  return (
    <div className="stack-sm" data-testid="address-book-only" data-on={only.on}>
      <div className="row-between">
        <strong>{t('addressBook.onlyTitle')}</strong>
        <span className="badge">{only.on ? t('addressBook.onlyIsOn') : t('addressBook.onlyIsOff')}</span>
      </div>
      <p className="muted small">{t('addressBook.onlyText')}</p>
      {!only.on && (
        <button type="button" className="button button-quiet" onClick={turnOn} data-testid="address-book-only-on">
          {t('addressBook.onlyOn')}
        </button>
      )}
      {only.on && only.offAt !== null && (
        <p className="muted small">{t('addressBook.onlyOffAt', { time: formatDateTime(only.offAt, i18n.language) })}</p>
      )}
      {only.on && only.offAt === null && (
        <BookConfirmation
          confirmWith={confirmWith}
          change={{ change: 'only-off' }}
          testId="address-book-only-off"
          label={t('addressBook.onlyOff')}
          submit={async (confirmation) => {
            await call('addressBookOnly', { body: { on: false, ...confirmation } });
            await refresh();
          }}
        />
      )}
    </div>
  );
}
