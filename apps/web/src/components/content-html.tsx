import type { ContentKey } from '@gemstock/contract';
import { useContent } from '@/api/get-content';
import { LoadError } from './load-error';
import { SkeletonText } from './ui/feedback';

interface ContentHtmlProps {
  documentKey: ContentKey;
  className?: string;
  /** A label for the region (an agreement box that scrolls). */
  label?: string;
}

/**
 * A published document, as the server drew it: Markdown turned into HTML and sanitised there
 * (no script, no event handler, no `javascript:` address reaches the page), so it is inserted
 * as is. Loading: lines to come; a failure: said in place, with 重试.
 */
export function ContentHtml({ documentKey, className, label }: ContentHtmlProps) {
  const content = useContent(documentKey);
  if (content.isPending) return <SkeletonText rows={6} />;
  if (content.isError) {
    return (
      <LoadError
        title="内容加载失败"
        error={content.error}
        onRetry={() => void content.refetch()}
        isRetrying={content.isFetching}
      />
    );
  }
  return (
    <div
      className={`gs-content${className ? ` ${className}` : ''}`}
      aria-label={label}
      // sanitised on the server (apps/server src/modules/content/content-render.ts)
      dangerouslySetInnerHTML={{ __html: content.data.html }}
    />
  );
}
