import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The authenticator's secret as a QR to scan, and as the otpauth:// text for apps that take it typed. */
export function EnrollPanel({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 200 }).then((url) => live && setImage(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <section className="enroll" aria-labelledby="enroll-title">
      <h2 id="enroll-title">{t('signin.enrollTitle')}</h2>
      <p>{t('signin.enrollHelp')}</p>
      {image ? <img src={image} alt={t('signin.qrAlt')} width={200} height={200} /> : null}
      <code className="uri" data-testid="otpauth-uri">
        {uri}
      </code>
    </section>
  );
}
