import {
  type Facet,
  FACET_LABEL,
  facetLabel,
  FACETS,
  facetValues,
  groupThousands,
  type TSearchFacetsResponse,
} from '@gemstock/contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useSearchFacets } from '../api/search-facets';
import { ColourFilter } from './colour-filter';
import type { CatalogFilters } from '../lib/search-filters';

interface FacetPanelProps {
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
}

/** "1,204", or "约 1.2万" when the server estimated it. */
function countText(count: number, approximate: boolean): string {
  if (!approximate) return groupThousands(count);
  return count >= 10_000 ? `约 ${(count / 10_000).toFixed(1)}万` : `约 ${groupThousands(count)}`;
}

/**
 * 金属, 宝石, 款式 and 场景 as rows of toggles with the count each would show ("铂金 (1,204)").
 * Several values of a row are any of them; rows narrow each other. A value with nothing to show
 * stays visible (and reachable) but dimmed, unless it is chosen.
 */
export function FacetPanel({ filters, onChange }: FacetPanelProps) {
  const facets = useSearchFacets(filters);
  return (
    <div className="gs-facets" role="group" aria-label="珠宝属性" aria-busy={facets.isFetching}>
      {FACETS.map((facet) => (
        <FacetRow
          key={facet}
          facet={facet}
          chosen={filters[facet]}
          counts={facets.data}
          onToggle={(value) => {
            const chosen = filters[facet];
            onChange({
              [facet]: chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value],
            });
          }}
        />
      ))}
      <ColourFilter value={filters.color} onChange={(color) => onChange({ color })} />
      {facets.isError && (
        <div className="gs-facets__error" role="alert">
          数量加载失败
          <Button kind="link" size="small" onClick={() => void facets.refetch()}>
            重试
          </Button>
        </div>
      )}
    </div>
  );
}

function FacetRow({
  facet,
  chosen,
  counts,
  onToggle,
}: {
  facet: Facet;
  chosen: string[];
  counts: TSearchFacetsResponse | undefined;
  onToggle: (value: string) => void;
}) {
  const id = useId();
  const countOf = new Map(counts?.[facet].map((c) => [c.value, c.count]));
  return (
    <div className="gs-filter gs-facet">
      <span className="gs-filter__label" id={id}>
        {FACET_LABEL[facet]}
      </span>
      <div className="gs-facet__values" role="group" aria-labelledby={id}>
        {(facetValues(facet) as string[]).map((value) => {
          const isChosen = chosen.includes(value);
          const count = countOf.get(value);
          const label = facetLabel(facet, value);
          return (
            <button
              key={value}
              type="button"
              className={`gs-facet__value${isChosen ? ' is-active' : ''}${count === 0 && !isChosen ? ' is-empty' : ''}`}
              aria-pressed={isChosen}
              onClick={() => onToggle(value)}
            >
              {label}
              {count !== undefined && (
                <span className="gs-facet__count"> ({countText(count, counts?.approximate ?? false)})</span>
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}
