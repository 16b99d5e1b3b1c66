import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentUrl } from './api.ts';

/** A ticket's image, fetched with the operator's token and shown from an object URL freed on unmount. */
export function Attachment({ id }: { id: string }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    attachmentUrl(id).then(
      (u) => {
        made = u;
        if (live) setUrl(u);
        else URL.revokeObjectURL(u);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (failed) return <span className="error">{t('tickets.imageFailed')}</span>;
  if (!url) return <span className="muted">{t('common.loading')}</span>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="ticket-image">
      <img src={url} alt={t('tickets.imageAlt', { id })} data-testid="ticket-attachment" />
    </a>
  );
}
