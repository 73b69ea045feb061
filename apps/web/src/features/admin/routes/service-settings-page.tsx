import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Flex, Image, Popconfirm, Skeleton, Typography, Upload } from 'antd';
import { LoadError } from '@/components/load-error';
import { notify } from '@/lib/notify';
import { useSaveServiceQr, useServiceQrSetting } from '../api/service-qr-setting';
import { formatDateTime } from '@/lib/date-time';

const SOURCE_LABEL = {
  uploaded: '后台上传的客服二维码',
  environment: '环境变量 SERVICE_QR_URL 指定的图片',
  demo: '演示示例二维码（非真实客服）',
  contact: '无二维码，买家看到文字联系方式',
  none: '未设置任何联系方式',
} as const;

/** 客服设置: the customer-service QR picture (WeChat / WeCom) buyers scan to reach a person. */
export function ServiceSettingsPage() {
  const setting = useServiceQrSetting();
  const save = useSaveServiceQr();

  const upload = (file: File) => {
    save.mutate(file, { onSuccess: () => notify.success('客服二维码已更新，买家端即时生效') });
    return false; // the file is sent by the mutation, not by antd's uploader
  };

  if (setting.isError) {
    return <LoadError title="客服设置加载失败" error={setting.error} onRetry={() => void setting.refetch()} />;
  }
  if (setting.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  const data = setting.data;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      {data.warning && <Alert type="warning" showIcon title={data.warning} />}
      <Card title="客服二维码">
        <Flex gap={24} wrap>
          {data.qrUrl ? (
            <Image src={data.qrUrl} width={180} height={180} alt="当前客服二维码" style={{ objectFit: 'contain' }} />
          ) : (
            <Flex align="center" justify="center" style={{ width: 180, height: 180, background: '#fafafa' }}>
              <Typography.Text type="secondary">暂无二维码</Typography.Text>
            </Flex>
          )}
          <Flex vertical gap={12} style={{ flex: 1, minWidth: 240 }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'source', label: '当前来源', children: SOURCE_LABEL[data.source] },
                {
                  key: 'updated',
                  label: '更新时间',
                  children: formatDateTime(data.updatedAt),
                },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              请上传微信或企业微信的客服二维码图片（PNG、JPEG 或 WebP，不超过 2 MB，边长 120–4000 像素）。
              买家在客服浮标和定制服务中扫码即可联系到客服人员。
            </Typography.Paragraph>
            <Flex gap={8}>
              <Upload accept="image/png,image/jpeg,image/webp" showUploadList={false} beforeUpload={upload}>
                <Button type="primary" icon={<UploadOutlined />} loading={save.isPending}>
                  {data.source === 'uploaded' ? '更换二维码' : '上传二维码'}
                </Button>
              </Upload>
              {data.source === 'uploaded' && (
                <Popconfirm
                  title="移除后买家将看不到客服二维码，确定移除？"
                  okText="移除"
                  cancelText="取消"
                  onConfirm={() => save.mutate(null, { onSuccess: () => notify.success('已移除客服二维码') })}
                >
                  <Button danger icon={<DeleteOutlined />} disabled={save.isPending}>
                    移除
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
