import { CloseCircleFilled, SearchOutlined } from '@/components/ui/icon-paths';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_PARAM, paths } from '@/config/paths';
import { useHotKeywords } from '@/api/get-hot-keywords';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/material-grid/load-more';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { PageContainer } from '@/components/page-container';
import { Button } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { refuseLongKeyword, useSearchNavigation } from '@/hooks/use-search-navigation';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';
import { useSearchMaterials } from '../api/search-materials';
import { CatalogFilterBar, CLEARED_FILTERS } from '../components/catalog-filter-bar';
import { NoResults } from '../components/no-results';
import {
  type CatalogFilters,
  hasNarrowingFilters,
  parseCatalogFilters,
  resultCountText,
  withCatalogFilters,
} from '../lib/search-filters';

/** Shown until the hot keywords arrive, or when there are none yet. */
const FALLBACK_TERMS = ['钻石戒指', '项链', '黄金', '珍珠', '手镯', '耳环'];

/** The hero's search box. The header search and this one share the URL (`?keyword=`). */
function HeroSearch({ keyword }: { keyword: string }) {
  const { search } = useSearchNavigation();
  const [value, setValue] = useState(keyword);
  const [syncedKeyword, setSyncedKeyword] = useState(keyword);
  if (syncedKeyword !== keyword) {
    setSyncedKeyword(keyword);
    setValue(keyword);
  }
  const hot = useHotKeywords(true);
  const hotTerms = hot.data?.keywords.length ? hot.data.keywords.slice(0, 8) : FALLBACK_TERMS;
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, setValue);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!refuseLongKeyword(input.current, value)) search(value);
  };
  // clearing the box clears the search too
  const onClear = () => {
    setValue('');
    search('');
    input.current?.focus();
  };

  return (
    <section className="gs-hero">
      <div className="gs-container">
        <h1 className="gs-hero__title">珠宝行业正版图片与视频授权</h1>
        <p className="gs-hero__subtitle">可商用的珠宝视觉素材，按用途授权，支持企业开票与定制设计</p>
        {/* before the app runs, the browser sends it itself, as the header's (header-search.tsx) */}
        <form role="search" className="gs-hero__search" aria-label="搜索素材" action={paths.home} onSubmit={onSubmit}>
          <span className="gs-hero__field">
            <input
              ref={input}
              type="search"
              name={SEARCH_PARAM}
              className="gs-hero__input"
              placeholder="搜索钻戒、项链、黄金饰品…"
              aria-label="搜索素材"
              enterKeyHint="search"
              value={value}
              onChange={(e) => {
                e.target.setCustomValidity('');
                setValue(e.target.value);
              }}
            />
            {value && (
              <button type="button" className="gs-hero__clear" aria-label="清除" onClick={onClear}>
                <Icon icon={CloseCircleFilled} />
              </button>
            )}
          </span>
          <Button type="submit" kind="primary" size="large" icon={<Icon icon={SearchOutlined} />}>
            搜索
          </Button>
        </form>
        <div className="gs-hero__terms" aria-label="热门搜索">
          <span className="gs-hero__terms-label">热门搜索</span>
          {hotTerms.map((term) => (
            <button
              key={term}
              type="button"
              className={`gs-chip${term === keyword ? ' is-active' : ''}`}
              aria-pressed={term === keyword}
              onClick={() => search(term)}
            >
              {term}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}

function Results({ filters, onFilters }: { filters: CatalogFilters; onFilters: (c: Partial<CatalogFilters>) => void }) {
  const { search } = useSearchNavigation();
  const query = useSearchMaterials(filters);
  const pages = query.data?.pages;
  const materials = useMemo(() => pages?.flatMap((p) => p.materials) ?? [], [pages]);
  const first = pages?.[0];

  let body;
  if (query.isPending) {
    body = <MaterialGridSkeleton />;
  } else if (query.isError && !first) {
    body = (
      <LoadError
        title="素材加载失败"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (materials.length === 0) {
    body = (
      <NoResults
        keyword={filters.keyword}
        hasFilters={hasNarrowingFilters(filters)}
        onSearch={search}
        onClearFilters={() => onFilters(CLEARED_FILTERS)}
      />
    );
  } else {
    body = (
      <>
        <MaterialGrid materials={materials} label={filters.keyword ? `“${filters.keyword}”的搜索结果` : '素材'} />
        <LoadMore
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          isError={query.isFetchNextPageError}
          onLoadMore={() => void query.fetchNextPage()}
          endText={materials.length > 12 ? '已经到底了，换个关键词看看吧' : undefined}
        />
      </>
    );
  }

  return (
    <>
      <div className="gs-results-head">
        <h2 className="gs-results-head__title">{filters.keyword ? `“${filters.keyword}”的搜索结果` : '全部素材'}</h2>
        <div className="gs-results-head__count" aria-live="polite">
          {first ? (
            resultCountText(first.total, first.totalCapped)
          ) : query.isPending ? (
            <SkeletonBlock style={{ width: 96, height: 24 }} />
          ) : null}
        </div>
      </div>
      {body}
    </>
  );
}

/** Home (/): search, filters and the masonry of results that grows as you scroll. */
export default function HomePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCatalogFilters(searchParams), [searchParams]);
  const onFilters = (change: Partial<CatalogFilters>) => {
    setSearchParams(withCatalogFilters(searchParams, change), { preventScrollReset: true });
  };

  return (
    <>
      <HeroSearch keyword={filters.keyword} />
      <PageContainer>
        <CatalogFilterBar filters={filters} onChange={onFilters} />
        <Results filters={filters} onFilters={onFilters} />
      </PageContainer>
    </>
  );
}
