import { upgradeOptions } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { DownloadOutlined } from '@/components/ui/icon-paths';
import { type UpgradeSubject, checkout } from '@/stores/checkout';
import { useDownloadCertificate } from '@/api/get-certificate';
import { useOrderDownload } from '../api/get-order-download';
import { RiseOutlined, SafetyCertificateOutlined, ScissorOutlined } from '../icon-paths';
import { lazyDialog } from './lazy-dialog';

// the preview and antd load when a buyer asks for a channel cut
const ChannelCutDialog = lazyDialog('ChannelCutDialog');

/** Whether the company's current licence of a material can be upgraded (a wider one its resolution allows). */
export function canUpgradeLicence(material: UpgradeSubject & { disabled?: boolean }): boolean {
  return !material.disabled && upgradeOptions(material, material.spec).length > 0;
}

/**
 * 下载原图 and 授权证书 of one licensed material of a paid order (spec §7, issue flows 6–7), and
 * 升级授权 when `upgrade` (the purchased list's current licence) can be upgraded, and 渠道尺寸
 * (a cut for a sales channel, docs/decisions/0046) when `channelCuts` says what is cut: a licensed
 * picture, or a licensed video (reframed to 9:16 and 1:1).
 */
export function OrderMaterialActions({
  orderSid,
  materialSid,
  upgrade,
  channelCuts = false,
}: {
  orderSid: string;
  materialSid: string;
  upgrade?: (UpgradeSubject & { disabled?: boolean }) | null;
  channelCuts?: 'image' | 'video' | false;
}) {
  const download = useOrderDownload();
  const certificate = useDownloadCertificate();
  const [cutsOpen, setCutsOpen] = useState(false);
  return (
    <span className="gs-material-actions">
      <Button
        size="small"
        kind="link"
        icon={<Icon icon={DownloadOutlined} />}
        loading={download.isPending}
        onClick={() => download.mutate({ orderSid, materialSid })}
        aria-label={`下载原图 ${materialSid}`}
      >
        下载原图
      </Button>
      {channelCuts !== false && (
        <Button
          size="small"
          kind="link"
          icon={<Icon icon={ScissorOutlined} />}
          onClick={() => setCutsOpen(true)}
          aria-label={`渠道尺寸 ${materialSid}`}
        >
          渠道尺寸
        </Button>
      )}
      <Button
        size="small"
        kind="link"
        icon={<Icon icon={SafetyCertificateOutlined} />}
        loading={certificate.isPending}
        onClick={() => certificate.mutate({ orderSid, materialSid })}
        aria-label={`授权证书 ${materialSid}`}
      >
        授权证书
      </Button>
      {upgrade && canUpgradeLicence(upgrade) && (
        <Button
          size="small"
          kind="link"
          icon={<Icon icon={RiseOutlined} />}
          onClick={() => checkout.upgradeLicence(upgrade)}
          aria-label={`升级授权 ${materialSid}`}
        >
          升级授权
        </Button>
      )}
      {cutsOpen && (
        <Suspense fallback={null}>
          <ChannelCutDialog
            materialSid={materialSid}
            open={cutsOpen}
            onClose={() => setCutsOpen(false)}
            video={channelCuts === 'video'}
          />
        </Suspense>
      )}
    </span>
  );
}
