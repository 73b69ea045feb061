import { Empty, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';

interface QrPanelProps {
  /** A ready QR image (the customer-service QR of GET /api/common/service). */
  imageUrl?: string | null;
  /** Text to encode as a QR code in the browser (payment links). Ignored when imageUrl is set. */
  value?: string | null;
  size?: number;
  caption?: ReactNode;
  loading?: boolean;
  /** What to say when there is nothing to show. */
  emptyText?: string;
}

/** A QR code with a caption: a server-provided image, or one drawn from `value`. */
export function QrPanel({
  imageUrl,
  value,
  size = 160,
  caption,
  loading = false,
  emptyText = '二维码暂不可用',
}: QrPanelProps) {
  // results are keyed by their input, so a new value never shows a stale code
  const [drawn, setDrawn] = useState<{ value: string; url: string } | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const toDraw = imageUrl ? null : (value ?? null);

  useEffect(() => {
    if (!toDraw) return;
    let cancelled = false;
    // the encoder is only needed for payment links, so it is loaded on demand
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(toDraw, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((url) => {
        if (!cancelled) setDrawn({ value: toDraw, url });
      })
      .catch(() => {
        if (!cancelled) setFailedSrc(toDraw);
      });
    return () => {
      cancelled = true;
    };
  }, [toDraw, size]);

  const src = imageUrl || (drawn && drawn.value === toDraw ? drawn.url : null);
  const key = imageUrl || toDraw;
  const failed = key !== null && failedSrc === key;
  const drawing = Boolean(toDraw) && !src && !failed;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8, width: size + 16 }}>
      <div
        style={{
          width: size,
          height: size,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: '1px solid #f0f0f0',
          borderRadius: 8,
          background: '#fff',
          overflow: 'hidden',
        }}
      >
        {loading || drawing ? (
          <Skeleton.Node active style={{ width: size - 16, height: size - 16 }} />
        ) : src && !failed ? (
          <img
            src={src}
            alt={typeof caption === 'string' ? caption : '二维码'}
            width={size}
            height={size}
            style={{ objectFit: 'contain' }}
            onError={() => setFailedSrc(key)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} styles={{ image: { height: 32 } }} />
        )}
      </div>
      {caption && (
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {caption}
        </Typography.Text>
      )}
    </div>
  );
}
