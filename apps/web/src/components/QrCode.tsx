import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Text as a QR code: an SVG made in the page (no image service), shown as an image with its label. */
export function QrCode({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (markup) => live && setSvg(markup),
      () => live && setSvg(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return null;
  return (
    <img
      className="qr-code"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      data-testid={testId}
    />
  );
}
