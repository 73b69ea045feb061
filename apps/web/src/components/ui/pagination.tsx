import { LeftOutlined, RightOutlined } from './icon-paths';
import { Icon } from './icon';

/** Page numbers to show: the first, the last, the current with its neighbours, gaps as null. */
export function pageWindow(current: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const page of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && page - last > 1) out.push(page - last === 2 ? last + 1 : null);
    out.push(page);
  }
  return out;
}

/** Numbered pages with 上一页 / 下一页 (antd Pagination's look, without the size changer). */
export function Pagination({
  current,
  pageSize,
  total,
  onChange,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="gs-pagination" aria-label="分页">
      <button
        type="button"
        className="gs-page gs-page--arrow"
        aria-label="上一页"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        <Icon icon={LeftOutlined} />
      </button>
      {pageWindow(current, pageCount).map((page, i) =>
        page === null ? (
          <span key={`gap-${i}`} className="gs-page gs-page--gap" aria-hidden>
            •••
          </span>
        ) : (
          <button
            key={page}
            type="button"
            className={`gs-page${page === current ? ' is-current' : ''}`}
            aria-current={page === current ? 'page' : undefined}
            aria-label={`第 ${page} 页`}
            onClick={() => onChange(page)}
          >
            {page}
          </button>
        ),
      )}
      <button
        type="button"
        className="gs-page gs-page--arrow"
        aria-label="下一页"
        disabled={current >= pageCount}
        onClick={() => onChange(current + 1)}
      >
        <Icon icon={RightOutlined} />
      </button>
    </nav>
  );
}
