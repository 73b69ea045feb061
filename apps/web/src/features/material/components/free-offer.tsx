import { DownloadOutlined } from '@ant-design/icons';
import type { TMaterial } from '@gemstock/contract';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { FreeDownloadModal } from '@/components/free-download/free-download-modal';
import { freeUntilText } from '@/lib/free-period';
import { currentAppPath } from '@/lib/navigation';
import { dialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';

/**
 * While a material is free (限时免费) its own page offers the free download — the same
 * download-only licence dialog and tick as /free-material — and says until when. The paid
 * licences stay below it for uses the free licence does not cover.
 */
export function FreeOffer({ material }: { material: TMaterial }) {
  const isLoggedIn = useIsLoggedIn();
  const [downloading, setDownloading] = useState<TMaterial | null>(null);
  const until = material.freeUntil ? freeUntilText(material.freeUntil) : '';

  const onDownload = () => {
    if (!isLoggedIn) {
      dialogs.openLogin({ kind: 'navigate', to: currentAppPath() });
      return;
    }
    setDownloading(material);
  };

  return (
    <section className="gs-free-offer" aria-label="限时免费下载">
      <span className="gs-free-offer__text">
        <Typography.Text strong>限时免费</Typography.Text>
        <Typography.Text type="secondary">{until ? `免费至 ${until}` : '免费期内可下载'}</Typography.Text>
      </span>
      <Button type="primary" size="large" icon={<DownloadOutlined />} onClick={onDownload}>
        免费下载
      </Button>
      <FreeDownloadModal material={downloading} onClose={() => setDownloading(null)} />
    </section>
  );
}
