import { MAX_TICKET_IMAGES } from '@aidf/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '../../components/Dialog.tsx';
import { showToast } from '../../components/toast.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { useFormChecks } from '../../lib/form-checks.ts';
import { amountText, formatDateTime } from '../../lib/format.ts';
import { useApi } from '../../lib/use-api.ts';
import { uploadImages } from './tickets-api.ts';

export const TICKETS_KEY = ['ticket-tickets'];
/** What the server takes per file (domain/tickets/image-policy.ts); checked here first to spare the upload. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

interface Picked {
  file: File;
  preview: string;
}

const recordValue = (r: { kind: string; id: string }) => `${r.kind}:${r.id}`;

/** The form that opens a ticket: the text, the record it is about, up to 3 images with previews. */
export function TicketForm() {
  const { t, i18n } = useTranslation();
  const call = useApi();
  const queryClient = useQueryClient();
  const records = useQuery({ queryKey: ['ticket-records'], queryFn: () => call('ticketRecords', {}) });
  const [content, setContent] = useState('');
  const [about, setAbout] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const checks = useFormChecks({ content }, (v) =>
    v.content.trim() === '' ? { content: t('tickets.contentRequired') } : {},
  );
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef<Picked[]>([]);
  previews.current = images;
  useEffect(
    () => () => {
      for (const p of previews.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const room = MAX_TICKET_IMAGES - images.length;
    if (chosen.length > room) showToast(t('errors.81042'), 'error');
    const accepted: Picked[] = [];
    for (const file of chosen.slice(0, room)) {
      if (!ACCEPTED.includes(file.type)) showToast(t('errors.81040'), 'error');
      else if (file.size > MAX_FILE_BYTES) showToast(t('errors.81041'), 'error');
      else accepted.push({ file, preview: URL.createObjectURL(file) });
    }
    setImages([...images, ...accepted]);
  }

  function remove(index: number) {
    const gone = images[index];
    if (gone) URL.revokeObjectURL(gone.preview);
    setImages(images.filter((_, i) => i !== index));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!checks.validate()) return;
    setBusy(true);
    try {
      const uploaded = images.length
        ? await uploadImages(
            images.map((i) => i.file),
            i18n.language,
          )
        : { list: [] };
      const record = records.data?.list.find((r) => recordValue(r) === about);
      await call('createTicket', {
        body: {
          type: 4,
          content: content.trim(),
          priority: 2,
          receiveType: 1,
          attach: uploaded.list.map((u) => u.id),
          about: record ? { kind: record.kind, id: record.id } : null,
        },
      });
      showToast(t('tickets.submitted'), 'success');
      for (const image of images) URL.revokeObjectURL(image.preview);
      setContent('');
      checks.reset();
      setAbout('');
      setImages([]);
      await queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    } catch (error) {
      showToast(
        errorMessage(error, t, (k) => i18n.exists(k)),
        'error',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form-card stack-sm" onSubmit={submit} noValidate data-testid="ticket-form">
      <h2 className="section-title">{t('tickets.newTicket')}</h2>
      <Field label={t('tickets.about')}>
        <select
          className="input"
          value={about}
          onChange={(e) => setAbout(e.target.value)}
          name="about"
          data-testid="ticket-about"
        >
          <option value="">{t('tickets.aboutNone')}</option>
          {records.data?.list.map((r) => (
            <option key={recordValue(r)} value={recordValue(r)}>
              {t(`tickets.kind.${r.kind}`)} #{r.id} · {amountText(r.amount, r.currency, 6)} ·{' '}
              {formatDateTime(r.createTime * 1000, i18n.language)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('tickets.content')} error={checks.errors.content}>
        <textarea
          dir="auto"
          className="input ticket-text"
          value={content}
          maxLength={2000}
          rows={5}
          placeholder={t('tickets.contentPlaceholder')}
          onChange={(e) => setContent(e.target.value)}
          name="content"
          data-testid="ticket-content"
        />
      </Field>
      <div className="stack-sm">
        <span className="field-label">{t('tickets.images', { max: MAX_TICKET_IMAGES })}</span>
        <div className="ticket-images">
          {images.map((image, index) => (
            <div key={image.preview} className="ticket-preview" data-testid="ticket-preview">
              <img className="ticket-thumb" src={image.preview} alt={t('tickets.imageAlt')} />
              <button
                type="button"
                className="ticket-remove"
                onClick={() => remove(index)}
                aria-label={t('tickets.removeImage')}
                data-testid="ticket-remove-image"
              >
                ×
              </button>
            </div>
          ))}
          {images.length < MAX_TICKET_IMAGES && (
            <button
              type="button"
              className="ticket-add"
              onClick={() => fileInput.current?.click()}
              aria-label={t('tickets.addImage')}
            >
              +
            </button>
          )}
        </div>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPTED.join(',')}
          multiple
          hidden
          onChange={pick}
          data-testid="ticket-file"
        />
        <small className="muted">{t('tickets.imagesHint')}</small>
      </div>
      <button type="submit" className="button" disabled={busy} data-testid="ticket-submit">
        {t('tickets.submit')}
      </button>
    </form>
  );
}
