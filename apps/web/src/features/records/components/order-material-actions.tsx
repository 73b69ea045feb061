import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useDownloadCertificate } from '../api/get-certificate';
import { useOrderDownload } from '../api/get-order-download';

/** 下载原图 and 授权证书 of one licensed material of a paid order (spec §7, issue flows 6–7). */
export function OrderMaterialActions({ orderSid, materialSid }: { orderSid: string; materialSid: string }) {
  const download = useOrderDownload();
  const certificate = useDownloadCertificate();
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        type="link"
        icon={<DownloadOutlined />}
        loading={download.isPending}
        onClick={() => download.mutate({ orderSid, materialSid })}
        aria-label={`下载原图 ${materialSid}`}
      >
        下载原图
      </Button>
      <Button
        size="small"
        type="link"
        icon={<SafetyCertificateOutlined />}
        loading={certificate.isPending}
        onClick={() => certificate.mutate({ orderSid, materialSid })}
        aria-label={`授权证书 ${materialSid}`}
      >
        授权证书
      </Button>
    </Space>
  );
}
