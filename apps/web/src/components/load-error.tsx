import { ExclamationCircleFilled, ReloadOutlined } from '@/components/ui/icon-paths';
import { PageResult } from './page-result';
import { Button } from './ui/button';
import { Icon } from './ui/icon';

interface LoadErrorProps {
  title?: string;
  /** The error's message, when there is one worth showing. */
  error?: unknown;
  onRetry: () => void;
  isRetrying?: boolean;
}

/** A failed load shown in place of the content, with a retry. */
export function LoadError({ title = '加载失败', error, onRetry, isRetrying }: LoadErrorProps) {
  const detail = error instanceof Error && error.name !== 'AbortError' ? error.message : undefined;
  return (
    <div className="gs-card" style={{ padding: '24px 16px' }}>
      <PageResult
        tone="warning"
        level={2}
        icon={<Icon icon={ExclamationCircleFilled} />}
        title={title}
        subTitle={detail ?? '网络或服务暂时不可用，请稍后重试'}
        extra={
          <Button kind="primary" icon={<Icon icon={ReloadOutlined} />} loading={isRetrying} onClick={onRetry}>
            重试
          </Button>
        }
      />
    </div>
  );
}
