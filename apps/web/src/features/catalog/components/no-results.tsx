import { SearchOutlined } from '@/components/ui/icon-paths';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { useHotKeywords } from '@/api/get-hot-keywords';

interface NoResultsProps {
  keyword: string;
  hasFilters: boolean;
  onSearch: (keyword: string) => void;
  onClearFilters: () => void;
}

/** No material matched: suggest the hot keywords, and dropping the filters when some are set. */
export function NoResults({ keyword, hasFilters, onSearch, onClearFilters }: NoResultsProps) {
  const hot = useHotKeywords(true);
  const suggestions = (hot.data?.keywords ?? []).filter((k) => k !== keyword).slice(0, 12);

  return (
    <div className="gs-card" style={{ padding: '40px 24px' }}>
      <Empty
        description={
          <span className="gs-text-strong">
            {keyword ? `没有找到与“${keyword}”相关的素材` : '没有符合条件的素材'}
            {hasFilters ? '，可以试试清除筛选条件' : ''}
          </span>
        }
      >
        {hasFilters && (
          <Button onClick={onClearFilters} style={{ marginBottom: 16 }}>
            清除筛选
          </Button>
        )}
        {suggestions.length > 0 && (
          <div>
            <span className="gs-text-secondary">换个关键词试试：</span>
            <div className="gs-suggestions">
              {suggestions.map((word) => (
                <Button
                  key={word}
                  size="small"
                  round
                  icon={<Icon icon={SearchOutlined} />}
                  onClick={() => onSearch(word)}
                >
                  {word}
                </Button>
              ))}
            </div>
          </div>
        )}
      </Empty>
    </div>
  );
}
