import { UPLOAD_LIMITS, uploadLimitHint, type UploadPurpose } from '@gemstock/contract';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { FilePicker, UploadBox } from '@/components/ui/upload-box';
import { applyErrorPolicy, isApiError } from '@/lib/api-client';
import { InboxOutlined } from '../icon-paths';
import './direct-upload.css';
import type { UploadedFile } from './uploaded-file';

/** What a picked file shows, and the code that uploads it: they load with the first file, not the page. */
const loadParts = () => import('./direct-upload-parts');
const UploadProgressView = lazy(() => loadParts().then((parts) => ({ default: parts.UploadProgressView })));
const UploadedView = lazy(() => loadParts().then((parts) => ({ default: parts.UploadedView })));

export type { UploadedFile };

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

  const start = useCallback(
    async (file: File) => {
      const upload = await loadParts().catch(() => null);
      if (!upload) {
        setPhase({ kind: 'error', message: '网络连接失败，请检查网络后重试', file });
        return;
      }
      const problem = upload.precheckUploadFile(file, purpose);
      if (problem) {
        setPhase({ kind: 'error', message: problem, file: null });
        return;
      }
      abortRef.current?.abort();
      const controller = new AbortController();
      abortRef.current = controller;
      setPhase({ kind: 'uploading', name: file.name, percent: 0 });
      try {
        const checked = await upload.uploadDirect(file, purpose, {
          signal: controller.signal,
          onProgress: (progress) => setPhase({ kind: 'uploading', name: file.name, percent: progress.percent }),
          onChecking: () => setPhase({ kind: 'checking', name: file.name }),
        });
        if (controller.signal.aborted) return;
        const thumbnail = await upload.thumbnailOf(file);
        if (controller.signal.aborted) return;
        if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
        onChange({
          key: checked.key,
          name: file.name,
          width: checked.width,
          height: checked.height,
          bytes: checked.bytes,
          previewUrl: thumbnail ?? URL.createObjectURL(file),
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

  const busy = phase.kind === 'uploading' || phase.kind === 'checking';

  return (
    <div className="gs-direct-upload">
      <FilePicker ref={replaceInput} accept={accept} onFile={(file) => void start(file)} />

      {busy || value ? (
        <Suspense fallback={<div className="gs-direct-upload__busy" />}>
          {busy ? (
            <UploadProgressView
              name={name}
              fileName={phase.name}
              percent={phase.kind === 'uploading' ? phase.percent : 100}
              checking={phase.kind === 'checking'}
              onCancel={cancel}
            />
          ) : (
            value && (
              <UploadedView
                name={name}
                file={value}
                disabled={disabled}
                onReplace={() => replaceInput.current?.click()}
                onRemove={remove}
              />
            )
          )}
        </Suspense>
      ) : (
        <UploadBox
          label={label}
          accept={accept}
          disabled={disabled}
          icon={<Icon icon={InboxOutlined} />}
          text={`点击或拖拽${name}到此处上传`}
          hint={uploadLimitHint(purpose)}
          onFile={(file) => void start(file)}
        />
      )}

      {phase.kind === 'error' && (
        <Alert
          type="error"
          className="gs-direct-upload__error"
          action={
            phase.file ? (
              <Button size="small" onClick={() => phase.file && void start(phase.file)} aria-label={`重试上传${name}`}>
                重试
              </Button>
            ) : undefined
          }
        >
          {phase.message}
        </Alert>
      )}
    </div>
  );
}
