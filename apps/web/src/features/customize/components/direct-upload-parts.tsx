import { formatUploadBytes } from '@gemstock/contract';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { DeleteOutlined } from '@/components/ui/icon-paths';
import { Progress } from '@/components/ui/progress';
import { SwapOutlined } from '../icon-paths-later';
import type { UploadedFile } from './uploaded-file';

export { precheckUploadFile, thumbnailOf, uploadDirect } from '../api/direct-upload';

/** The file on its way: its name, the upload's real progress, then the server's check; 取消 stops it. */
export function UploadProgressView({
  name,
  fileName,
  percent,
  checking,
  onCancel,
}: {
  /** What the file is, e.g. 产品图: names the bar and the button. */
  name: string;
  fileName: string;
  percent: number;
  checking: boolean;
  onCancel: () => void;
}) {
  return (
    <div role="status" aria-live="polite" className="gs-direct-upload__busy">
      <div className="gs-direct-upload__name">{fileName}</div>
      <Progress percent={percent} aria-label={`${name}上传进度`} />
      <div className="gs-direct-upload__row">
        <span className="gs-text-secondary">{checking ? '正在检查图片…' : '正在上传…'}</span>
        <Button size="small" onClick={onCancel} aria-label={`取消上传${name}`}>
          取消
        </Button>
      </div>
    </div>
  );
}

/** The accepted file: its preview, name, size, and 更换 / 删除. */
export function UploadedView({
  name,
  file,
  disabled,
  onReplace,
  onRemove,
}: {
  name: string;
  file: UploadedFile;
  disabled: boolean;
  onReplace: () => void;
  onRemove: () => void;
}) {
  return (
    <div className="gs-direct-upload__file">
      {/* a draft kept over a reload may have no preview left: the file shows by its name */}
      {file.previewUrl && <img src={file.previewUrl} alt={`${name}预览`} className="gs-direct-upload__preview" />}
      <div className="gs-direct-upload__meta">
        <div className="gs-direct-upload__name">{file.name}</div>
        <span className="gs-text-secondary">
          {file.width}×{file.height} · {formatUploadBytes(file.bytes)}
        </span>
      </div>
      <div className="gs-direct-upload__actions">
        <Button icon={<Icon icon={SwapOutlined} />} onClick={onReplace} disabled={disabled} aria-label={`更换${name}`}>
          更换
        </Button>
        <Button
          className="gs-btn--danger"
          icon={<Icon icon={DeleteOutlined} />}
          onClick={onRemove}
          disabled={disabled}
          aria-label={`删除${name}`}
        >
          删除
        </Button>
      </div>
    </div>
  );
}
