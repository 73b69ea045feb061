import { MESSAGES, type TMaterial } from '@gemstock/contract';
import { Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useFreeDownload } from '@/api/get-free-download';
import { FreeLicenceText } from './free-licence-text';

interface FreeDownloadModalProps {
  material: TMaterial | null;
  onClose: () => void;
}

/**
 * The download-only licence agreement (spec §2) with its checkbox. Without the tick the
 * warning of spec §5 shows; with it the original is fetched through a short-lived link.
 */
export function FreeDownloadModal({ material, onClose }: FreeDownloadModalProps) {
  const [agreed, setAgreed] = useState(false);
  const download = useFreeDownload();

  const close = () => {
    setAgreed(false);
    onClose();
  };

  const onConfirm = () => {
    if (!material) return;
    if (!agreed) {
      notify.warning(MESSAGES.contract);
      return;
    }
    download.mutate(material.sid, {
      onSuccess: ({ url }) => {
        notify.success('已开始下载原文件');
        close();
        window.location.assign(url);
      },
    });
  };

  return (
    <Modal
      open={material !== null}
      title="下载免费素材"
      okText="同意并下载"
      cancelText="取消"
      onOk={onConfirm}
      onCancel={close}
      confirmLoading={download.isPending}
      width={640}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">下载前请阅读并同意以下协议：</Typography.Paragraph>
      <div className="gs-agreement-box" tabIndex={0} aria-label="授权许可使用协议">
        <FreeLicenceText />
      </div>
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="gs-agreement-check">
        我已阅读并同意《授权许可使用协议》
      </Checkbox>
    </Modal>
  );
}
