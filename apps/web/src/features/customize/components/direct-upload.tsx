import { DeleteOutlined, InboxOutlined, SwapOutlined } from '@ant-design/icons';
import { formatUploadBytes, UPLOAD_LIMITS, uploadLimitHint, type UploadPurpose } from '@gemstock/contract';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { applyErrorPolicy, isApiError } from '@/lib/api-client';
import { precheckUploadFile, uploadDirect } from '../api/direct-upload';

/** A file uploaded straight to storage and accepted by the server's check. */
export interface UploadedFile {
  /** The storage key to send with the order (product_key, logo_key, …). */
  key: string;
  /** The file's name on the buyer's computer. */
  name: string;
  width: number;
  height: number;
  bytes: number;
  /** An object URL of the local file, for the preview (revoked when the file is removed or replaced). */
  previewUrl: string;
}

export interface DirectUploadProps {
  purpose: UploadPurpose;
  /** The accessible name of the upload area, e.g. 上传产品图, 上传Logo. */
  label: string;
  value?: UploadedFile | null;
  onChange(file: UploadedFile | null): void;
  disabled?: boolean;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'checking'; name: string }
  | { kind: 'error'; message: string; file: File | null };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * One image for custom design, uploaded straight to storage: the contract's type and size limits
 * are checked here first, then credentials, the upload with its real progress, and the server's
 * check (real image type, size, dimensions). Failures are shown in place, in Chinese, with 重试;
 * an accepted file shows its preview with 更换 and 删除.
 */
export function DirectUpload({ purpose, label, value, onChange, disabled = false }: DirectUploadProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const replaceInput = useRef<HTMLInputElement | null>(null);
  const limit = UPLOAD_LIMITS[purpose];
  const name = label.replace(/^上传/, '') || label;
  const accept = limit.contentTypes.join(',');

  useEffect(() => () => abortRef.current?.abort(), []);

  // antd's Upload does not pass aria-label to its role="button" element: name it here, so the
  // area is found by its label (上传产品图, 上传Logo) like any button.
  const dropArea = useRef<HTMLDivElement | null>(null);
  const showsDropArea = !value && phase.kind !== 'uploading' && phase.kind !== 'checking';
  useEffect(() => {
    const target = dropArea.current?.querySelector('[role="button"]');
    target?.setAttribute('aria-label', label);
  }, [label, showsDropArea]);

  const start = useCallback(
    async (file: File) => {
      const problem = precheckUploadFile(file, purpose);
      if (problem) {
        setPhase({ kind: 'error', message: problem, file: null });
        return;
      }
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      setPhase({ kind: 'uploading', name: file.name, percent: 0 });
      try {
        const checked = await uploadDirect(file, purpose, {
          signal: controller.signal,
          onProgress: (progress) => setPhase({ kind: 'uploading', name: file.name, percent: progress.percent }),
          onChecking: () => setPhase({ kind: 'checking', name: file.name }),
        });
        if (controller.signal.aborted) return;
        if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
        onChange({
          key: checked.key,
          name: file.name,
          width: checked.width,
          height: checked.height,
          bytes: checked.bytes,
          previewUrl: URL.createObjectURL(file),
        });
        setPhase({ kind: 'idle' });
      } catch (error) {
        if (isAbort(error)) return;
        // Signed out or no company: the app's usual dialogs; the message stays here as well.
        if (isApiError(error) && error.reason !== 'rejected' && error.reason !== 'network') applyErrorPolicy(error);
        setPhase({ kind: 'error', message: error instanceof Error ? error.message : '上传失败，请重试', file });
      }
    },
    [purpose, value, onChange],
  );

  const cancel = () => {
    abortRef.current?.abort();
    setPhase({ kind: 'idle' });
  };

  const remove = () => {
    if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
    setPhase({ kind: 'idle' });
    onChange(null);
  };

  const onReplacePicked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  };

  const busy = phase.kind === 'uploading' || phase.kind === 'checking';

  return (
    <div className="direct-upload" style={{ width: '100%', minWidth: 0 }}>
      <input
        ref={replaceInput}
        type="file"
        accept={accept}
        hidden
        // `hidden` alone loses to the stylesheet's display rules for inputs
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden="true"
        onChange={onReplacePicked}
      />

      {busy ? (
        <div role="status" aria-live="polite" style={{ padding: 16, border: '1px dashed #d9d9d9', borderRadius: 8 }}>
          <Typography.Text ellipsis style={{ display: 'block', maxWidth: '100%' }}>
            {phase.name}
          </Typography.Text>
          <Progress
            percent={phase.kind === 'uploading' ? phase.percent : 100}
            status="active"
            size="small"
            aria-label={`${name}上传进度`}
          />
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {phase.kind === 'uploading' ? '正在上传…' : '正在检查图片…'}
            </Typography.Text>
            <Button size="small" onClick={cancel} aria-label={`取消上传${name}`}>
              取消
            </Button>
          </Flex>
        </div>
      ) : value ? (
        <Flex gap={12} align="center" wrap style={{ padding: 12, border: '1px solid #f0f0f0', borderRadius: 8 }}>
          <img
            src={value.previewUrl}
            alt={`${name}预览`}
            style={{ width: 96, height: 96, objectFit: 'contain', background: '#fafafa', borderRadius: 4 }}
          />
          <div style={{ flex: '1 1 140px', minWidth: 0 }}>
            <Typography.Text ellipsis style={{ display: 'block' }}>
              {value.name}
            </Typography.Text>
            <Typography.Text type="secondary">
              {value.width}×{value.height} · {formatUploadBytes(value.bytes)}
            </Typography.Text>
          </div>
          <Flex gap={8}>
            <Button
              icon={<SwapOutlined />}
              onClick={() => replaceInput.current?.click()}
              disabled={disabled}
              aria-label={`更换${name}`}
            >
              更换
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={remove} disabled={disabled} aria-label={`删除${name}`}>
              删除
            </Button>
          </Flex>
        </Flex>
      ) : (
        <div ref={dropArea}>
          <Upload.Dragger
            accept={accept}
            multiple={false}
            showUploadList={false}
            disabled={disabled}
            beforeUpload={(file) => {
              void start(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">点击或拖拽{name}到此处上传</p>
            <p className="ant-upload-hint">{uploadLimitHint(purpose)}</p>
          </Upload.Dragger>
        </div>
      )}

      {phase.kind === 'error' && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={phase.message}
          action={
            phase.file ? (
              <Button size="small" onClick={() => phase.file && void start(phase.file)} aria-label={`重试上传${name}`}>
                重试
              </Button>
            ) : undefined
          }
        />
      )}
    </div>
  );
}
