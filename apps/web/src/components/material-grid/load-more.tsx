import { useEffect, useRef } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/feedback';

interface LoadMoreProps {
  hasMore: boolean;
  isLoading: boolean;
  isError: boolean;
  onLoadMore: () => void;
  /** Shown once everything is loaded; nothing when omitted. */
  endText?: string;
}

/**
 * Infinite scrolling: loads the next page when this row comes within a screen of the viewport.
 * The button is there for keyboards, for retries after a failure, and where there is no
 * IntersectionObserver.
 */
export function LoadMore({ hasMore, isLoading, isError, onLoadMore, endText }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  }, [onLoadMore]);

  const canAutoLoad = hasMore && !isLoading && !isError;
  useEffect(() => {
    const element = ref.current;
    if (!element || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [canAutoLoad]);

  return (
    <div ref={ref} className="gs-load-more" aria-live="polite">
      {isLoading ? (
        <>
          <Spinner />
          <span className="gs-text-secondary">正在加载更多素材…</span>
        </>
      ) : isError ? (
        <>
          <span className="gs-text-danger">加载失败</span>
          <Button onClick={onLoadMore}>重试</Button>
        </>
      ) : hasMore ? (
        <Button onClick={onLoadMore}>加载更多</Button>
      ) : endText ? (
        <span className="gs-text-secondary">{endText}</span>
      ) : null}
    </div>
  );
}
