import { InboxOutlined } from '@ant-design/icons';
import { type TAdminMaterial, type TUploadConfigResponse, UPLOAD_ACCEPT } from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useProcessingStatus } from '../api/get-material';
import { useUploadConfig } from '../api/get-upload-config';
import { uploadMaterial } from '../api/upload-material';
import { MaterialStatusTag } from '../components/material-tags';
import { MaterialThumb } from '../components/material-thumb';
import { adminPaths } from '../lib/admin-paths';
import { formatBytes, formatPixels } from '../lib/format';

/** Files sent at once; the rest wait their turn (large videos would otherwise share the line). */
const PARALLEL_UPLOADS = 2;
const KEYWORD_SEPARATORS = [',', '，', '、', ';', '；', ' '];

interface UploadRecord {
  uid: string;
  name: string;
  size: number;
  state: 'waiting' | 'uploading' | 'uploaded' | 'error';
  percent: number;
  sid?: string;
  error?: string;
}

/** A small queue so at most PARALLEL_UPLOADS requests run together. */
function createLimiter(limit: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}
const limit = createLimiter(PARALLEL_UPLOADS);

function looksLikeVideo(file: File): boolean {
  return file.type.startsWith('video/') || /\.(mp4|mov|m4v)$/i.test(file.name);
}

/** Refusals the browser can make before sending anything; the server checks everything again by content. */
function precheck(file: File, config: TUploadConfigResponse | undefined): string | null {
  if (file.size === 0) return '文件内容为空';
  if (!config) return null;
  if (looksLikeVideo(file)) {
    if (!config.videoProcessing) return '服务器暂不支持视频处理（未安装 ffmpeg）';
    if (file.size > config.videoMaxBytes) return `视频不能超过 ${formatBytes(config.videoMaxBytes)}`;
  } else if (file.size > config.imageMaxBytes) {
    return `图片不能超过 ${formatBytes(config.imageMaxBytes)}`;
  }
  return null;
}

export function UploadPage() {
  const config = useUploadConfig();
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);
  const [records, setRecords] = useState<UploadRecord[]>([]);
  const uploadedSids = records.flatMap((r) => (r.sid ? [r.sid] : []));
  const statuses = useProcessingStatus(uploadedSids);
  const materialOf = new Map<string, TAdminMaterial>();
  for (const s of statuses) if (s.data) materialOf.set(s.data.sid, s.data);

  const patch = (uid: string, change: Partial<UploadRecord>) =>
    setRecords((list) => list.map((r) => (r.uid === uid ? { ...r, ...change } : r)));

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = precheck(file, config.data);
    if (problem) {
      notify.error(`${file.name}：${problem}`);
      return Upload.LIST_IGNORE;
    }
    setRecords((list) => [{ uid: file.uid, name: file.name, size: file.size, state: 'waiting', percent: 0 }, ...list]);
    return true;
  };

  const customRequest: UploadProps['customRequest'] = (options) => {
    const file = options.file as File & { uid: string };
    const batchKeywords = keywords;
    void limit(async () => {
      patch(file.uid, { state: 'uploading' });
      try {
        const material = await uploadMaterial(file, batchKeywords, {
          onProgress: ({ percent }) => {
            patch(file.uid, { percent });
            options.onProgress?.({ percent });
          },
        });
        patch(file.uid, { state: 'uploaded', percent: 100, sid: material.sid });
        options.onSuccess?.(material);
      } catch (error) {
        const message = isApiError(error) ? error.message : '上传失败，请重试';
        patch(file.uid, { state: 'error', error: message });
        options.onError?.(error instanceof Error ? error : new Error(message));
      }
    });
  };

  const limits = config.data;
  const pending = records.filter((r) => r.state === 'waiting' || r.state === 'uploading').length;

  return (
    <Flex vertical gap={16}>
      <Card title="上传设置">
        <Flex vertical gap={12}>
          <div>
            <Typography.Text strong>关键词</Typography.Text>
            <Typography.Text type="secondary">
              （应用于接下来上传的每个文件，之后可在素材管理中逐个修改）
            </Typography.Text>
            <Select
              mode="tags"
              open={false}
              tokenSeparators={KEYWORD_SEPARATORS}
              value={keywords}
              onChange={setKeywords}
              placeholder="输入关键词后按回车，例如：钻石戒指、婚戒"
              style={{ width: '100%', marginTop: 8 }}
              aria-label="关键词"
            />
          </div>
          {limits && (
            <Alert
              type="info"
              showIcon
              title="支持的文件"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  <li>
                    图片：JPEG、PNG、WebP、TIFF，单个不超过 {formatBytes(limits.imageMaxBytes)}，像素不超过{' '}
                    {formatPixels(limits.maxPixels)}
                  </li>
                  <li>视频：MP4、MOV，单个不超过 {formatBytes(limits.videoMaxBytes)}</li>
                  <li>文件类型按内容识别，改扩展名无效；上传后自动生成缩略图和带水印的预览，原图不会公开</li>
                </ul>
              }
            />
          )}
          {limits && !limits.videoProcessing && (
            <Alert type="warning" showIcon title="服务器未安装 ffmpeg，暂时只能上传图片，视频会被拒绝。" />
          )}
        </Flex>
      </Card>

      <Card>
        <Upload.Dragger
          multiple
          accept={limits?.accept ?? UPLOAD_ACCEPT}
          showUploadList={false}
          beforeUpload={beforeUpload}
          customRequest={customRequest}
          disabled={config.isLoading}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
          <p className="ant-upload-hint">可一次选择多个图片或视频文件</p>
        </Upload.Dragger>
      </Card>

      <Card
        title={`本次上传${records.length ? `（${records.length}）` : ''}`}
        extra={
          records.length > 0 && (
            <Space>
              {pending > 0 && <Typography.Text type="secondary">{pending} 个文件上传中</Typography.Text>}
              <Button onClick={() => void navigate(adminPaths.materials)}>查看素材管理</Button>
            </Space>
          )
        }
      >
        <Table<UploadRecord>
          rowKey="uid"
          dataSource={records}
          pagination={false}
          size="middle"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有上传文件" /> }}
          columns={[
            {
              title: '预览',
              key: 'thumb',
              width: 96,
              render: (_, r) => {
                const material = r.sid ? materialOf.get(r.sid) : undefined;
                return material ? <MaterialThumb material={material} /> : null;
              },
            },
            {
              title: '文件',
              key: 'name',
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text ellipsis style={{ maxWidth: 360 }}>
                    {r.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatBytes(r.size)}
                    {r.sid && ` · 编号 ${r.sid}`}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: '上传',
              key: 'progress',
              width: 240,
              render: (_, r) =>
                r.state === 'error' ? (
                  <Typography.Text type="danger">{r.error}</Typography.Text>
                ) : r.state === 'waiting' ? (
                  <Typography.Text type="secondary">排队中</Typography.Text>
                ) : (
                  <Progress percent={r.percent} size="small" status={r.state === 'uploaded' ? 'success' : 'active'} />
                ),
            },
            {
              title: '处理状态',
              key: 'status',
              width: 160,
              render: (_, r) => {
                if (r.state === 'error') return <Tag color="error">未上传</Tag>;
                const material = r.sid ? materialOf.get(r.sid) : undefined;
                if (!material) return r.sid ? <Tag color="processing">处理中</Tag> : null;
                return <MaterialStatusTag material={material} />;
              },
            },
            {
              title: '尺寸',
              key: 'size',
              width: 120,
              render: (_, r) => {
                const material = r.sid ? materialOf.get(r.sid) : undefined;
                return material ? `${material.width} × ${material.height}` : null;
              },
            },
            {
              title: '操作',
              key: 'actions',
              width: 100,
              render: (_, r) =>
                r.sid ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(`${adminPaths.materials}?q=${encodeURIComponent(r.sid!)}`)}
                  >
                    去编辑
                  </Button>
                ) : null,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
