import { DownloadOutlined } from '@/components/ui/icon-paths';
import type { TMaterial } from '@gemstock/contract';
import { useState } from 'react';
import { FreeDownloadModalLazy } from '@/components/free-download/free-download-modal-lazy';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
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
        <strong>限时免费</strong>
        <span className="gs-text-secondary">{until ? `免费至 ${until}` : '免费期内可下载'}</span>
      </span>
      <Button kind="primary" size="large" icon={<Icon icon={DownloadOutlined} />} onClick={onDownload}>
        免费下载
      </Button>
      <FreeDownloadModalLazy material={downloading} onClose={() => setDownloading(null)} />
    </section>
  );
}
