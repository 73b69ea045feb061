import { InboxOutlined } from '@ant-design/icons';
import {
  type TAdminMaterial,
  type TUploadBatchFile,
  type TUploadBatchSummary,
  type TUploadConfigResponse,
  UPLOAD_ACCEPT,
  UPLOAD_BATCH_MAX_FILES,
  UPLOAD_BATCH_STATE_LABEL,
  UPLOAD_FILE_STATUS_LABEL,
  type UploadFileStatus,
} from '@gemstock/contract';
import { Alert, Button, Card, Empty, Flex, Progress, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { formatDateTime } from '@/lib/date-time';
import { notify } from '@/lib/notify';
import { useUploadBatch, useUploadBatches, createUploadBatch } from '../api/upload-batches';
import { useUploadConfig } from '../api/get-upload-config';
import { MaterialEditDrawer } from '../components/material-edit-drawer';
import { MaterialThumb } from '../components/material-thumb';
import { adminPaths } from '../lib/admin-paths';
import { formatBytes, formatPixels } from '../lib/format';
import { cancelFile, holdsFile, retryFile, sendBatchFiles, useUploadQueue } from '../lib/upload-queue';
import { ReviewFlags } from './review-page';

const KEYWORD_SEPARATORS = [',', '，', '、', ';', '；', ' '];

const STATUS_COLOR: Record<UploadFileStatus, string> = {
  uploading: 'processing',
  processing: 'processing',
  pending_review: 'gold',
  listed: 'success',
  rejected: 'error',
  duplicate: 'warning',
  failed: 'error',
  cancelled: 'default',
};

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

/** The files of one batch: progress while this tab sends them, then what became of each. */
function BatchFiles({ batchSid, accept }: { batchSid: string; accept: string }) {
  const batch = useUploadBatch(batchSid);
  const sending = useUploadQueue((s) => s.sending);
  const [editing, setEditing] = useState<TAdminMaterial | null>(null);
  // 重试 of a file this tab no longer holds (the page was reloaded): the operator picks it again.
  const picker = useRef<HTMLInputElement>(null);
  const [repicking, setRepicking] = useState<string | null>(null);

  if (batch.isError && !batch.data) {
    return <LoadError title="批次加载失败" error={batch.error} onRetry={() => void batch.refetch()} />;
  }

  const retry = (file: TUploadBatchFile) => {
    if (holdsFile(file.sid)) {
      retryFile(batchSid, file.sid);
      return;
    }
    setRepicking(file.sid);
    picker.current?.click();
  };

  return (
    <>
      <input
        ref={picker}
        type="file"
        accept={accept}
        hidden
        aria-label="重新选择文件"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file && repicking) retryFile(batchSid, repicking, file);
          event.target.value = '';
          setRepicking(null);
        }}
      />
      <Table<TUploadBatchFile>
        rowKey="sid"
        size="small"
        loading={batch.isLoading}
        dataSource={batch.data?.files ?? []}
        pagination={false}
        columns={[
          {
            title: '预览',
            key: 'thumb',
            width: 90,
            render: (_, f) => (f.material ? <MaterialThumb material={f.material} /> : null),
          },
          {
            title: '文件',
            key: 'name',
            render: (_, f) => (
              <Space orientation="vertical" size={0}>
                <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                  {f.name}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatBytes(f.bytes)}
                  {f.material && ` · 编号 ${f.material.sid} · ${f.material.width} × ${f.material.height}`}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: '状态',
            key: 'status',
            width: 230,
            render: (_, f) => {
              const live = sending[f.sid];
              if (live && f.status === 'uploading') {
                return live.state === 'waiting' ? (
                  <Typography.Text type="secondary">排队中</Typography.Text>
                ) : (
                  <Progress percent={live.percent} size="small" status="active" aria-label={`${f.name} 上传进度`} />
                );
              }
              return (
                <Flex vertical gap={4}>
                  <Tag color={STATUS_COLOR[f.status]} style={{ marginInlineEnd: 0, width: 'fit-content' }}>
                    {UPLOAD_FILE_STATUS_LABEL[f.status]}
                  </Tag>
                  {f.status === 'uploading' && !live && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      本页面未在发送此文件，可取消或重新选择文件上传
                    </Typography.Text>
                  )}
                </Flex>
              );
            },
          },
          {
            title: '原因 / 提示',
            key: 'reason',
            width: 260,
            render: (_, f) => (
              <Flex vertical gap={4}>
                {f.reason && (
                  <Typography.Text type={f.status === 'cancelled' ? 'secondary' : 'danger'}>{f.reason}</Typography.Text>
                )}
                {f.duplicateOf && (
                  <Link to={`${adminPaths.materials}?q=${encodeURIComponent(f.duplicateOf)}`}>
                    查看已有素材 {f.duplicateOf}
                  </Link>
                )}
                {f.material && f.status === 'pending_review' && <ReviewFlags material={f.material} />}
              </Flex>
            ),
          },
          {
            title: '关键词',
            key: 'keywords',
            width: 220,
            render: (_, f) =>
              f.material ? (
                <Space size={[4, 4]} wrap>
                  {f.material.keywords.map((k) => (
                    <Tag key={k} style={{ marginInlineEnd: 0 }}>
                      {k}
                    </Tag>
                  ))}
                  <Button type="link" size="small" onClick={() => setEditing(f.material)}>
                    编辑
                  </Button>
                </Space>
              ) : null,
          },
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_, f) => (
              <Space size={0}>
                {f.canCancel && (
                  <Button type="link" size="small" onClick={() => void cancelFile(batchSid, f.sid)}>
                    取消
                  </Button>
                )}
                {f.canRetry && (
                  <Button type="link" size="small" onClick={() => retry(f)}>
                    {holdsFile(f.sid) ? '重试' : '重新选择'}
                  </Button>
                )}
                {f.status === 'uploading' && !sending[f.sid] && !f.canRetry && (
                  <Button type="link" size="small" onClick={() => retry(f)}>
                    重新选择
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <MaterialEditDrawer material={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function BatchCounts({ batch }: { batch: TUploadBatchSummary }) {
  const shown = (Object.entries(batch.counts) as Array<[UploadFileStatus, number]>).filter(([, n]) => n > 0);
  return (
    <Space size={[4, 4]} wrap>
      {shown.map(([status, n]) => (
        <Tag key={status} color={STATUS_COLOR[status]} style={{ marginInlineEnd: 0 }}>
          {UPLOAD_FILE_STATUS_LABEL[status]} {n}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * 上传素材: pick files (a batch is made on the server with a row per file, then the files are
 * sent two at a time with their progress), and every batch with what became of each file:
 * 上传中, 处理中, 待审核, 已上架, 已驳回, 重复被拒, 失败 (with the reason), 已取消. The batches live on
 * the server, so leaving the page loses nothing; files keep going while other pages are open.
 */
export function UploadPage() {
  const config = useUploadConfig();
  const batches = useUploadBatches();
  const [keywords, setKeywords] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const startBatch = async (files: File[]) => {
    try {
      const batch = await createUploadBatch({ keywords, files: files.map((f) => ({ name: f.name, bytes: f.size })) });
      sendBatchFiles(
        batch.sid,
        batch.files.map((f, i) => ({ fileSid: f.sid, file: files[i]! })),
      );
      setExpanded([batch.sid]);
      void batches.refetch();
    } catch {
      // callAdminApi has shown the server's message.
    }
  };

  // antd calls this once per file with the whole selection: the batch is made on the first call.
  const beforeUpload: UploadProps['beforeUpload'] = (file, fileList) => {
    if (file.uid !== fileList[0]?.uid) return Upload.LIST_IGNORE;
    const accepted: File[] = [];
    for (const picked of fileList) {
      const problem = precheck(picked, config.data);
      if (problem) notify.error(`${picked.name}：${problem}`);
      else accepted.push(picked);
    }
    if (accepted.length > UPLOAD_BATCH_MAX_FILES) {
      notify.error(`每批最多上传 ${UPLOAD_BATCH_MAX_FILES} 个文件，请分批选择`);
    } else if (accepted.length > 0) {
      void startBatch(accepted);
    }
    return Upload.LIST_IGNORE;
  };

  const limits = config.data;
  const list = batches.data?.pages.flatMap((p) => p.batches) ?? [];
  const expandedKeys = expanded ?? (list[0] ? [list[0].sid] : []);

  return (
    <Flex vertical gap={16}>
      <Card title="上传设置">
        <Flex vertical gap={12}>
          <div>
            <Typography.Text strong>关键词</Typography.Text>
            <Typography.Text type="secondary">（应用于接下来选择的每个文件，上传后可在下方逐个修改）</Typography.Text>
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
                  <li>上传的素材需在「素材审核」中提交上架后买家才能看到；与已有素材完全相同的文件会被拒绝</li>
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
          disabled={config.isLoading}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">点击或拖拽文件到此处上传</p>
          <p className="ant-upload-hint">可一次选择多个图片或视频文件（每批最多 {UPLOAD_BATCH_MAX_FILES} 个）</p>
        </Upload.Dragger>
      </Card>

      <Card title="上传批次">
        {batches.isError && !batches.data ? (
          <LoadError title="上传批次加载失败" error={batches.error} onRetry={() => void batches.refetch()} />
        ) : (
          <>
            <Table<TUploadBatchSummary>
              rowKey="sid"
              loading={batches.isLoading}
              dataSource={list}
              pagination={false}
              size="middle"
              expandable={{
                expandedRowKeys: expandedKeys,
                onExpandedRowsChange: (keys) => setExpanded(keys as string[]),
                expandedRowRender: (b) => <BatchFiles batchSid={b.sid} accept={limits?.accept ?? UPLOAD_ACCEPT} />,
              }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有上传批次" /> }}
              columns={[
                { title: '上传时间', key: 'createdAt', width: 170, render: (_, b) => formatDateTime(b.createdAt) },
                { title: '上传人', key: 'operator', width: 120, render: (_, b) => b.operatorName ?? '—' },
                { title: '文件数', dataIndex: 'fileCount', width: 80 },
                {
                  title: '状态',
                  key: 'state',
                  width: 100,
                  render: (_, b) => (
                    <Tag color={b.state === 'active' ? 'processing' : 'default'}>
                      {UPLOAD_BATCH_STATE_LABEL[b.state]}
                    </Tag>
                  ),
                },
                { title: '文件状态', key: 'counts', render: (_, b) => <BatchCounts batch={b} /> },
                {
                  title: '操作',
                  key: 'actions',
                  width: 120,
                  render: (_, b) =>
                    b.counts.pending_review > 0 ? (
                      <Link to={`${adminPaths.review}?batch=${encodeURIComponent(b.sid)}`}>去审核</Link>
                    ) : null,
                },
              ]}
            />
            {batches.hasNextPage && (
              <Flex justify="center" style={{ marginTop: 16 }}>
                <Button loading={batches.isFetchingNextPage} onClick={() => void batches.fetchNextPage()}>
                  加载更多批次
                </Button>
              </Flex>
            )}
          </>
        )}
      </Card>
    </Flex>
  );
}
