import { FilterOutlined } from '@/components/ui/icon-paths';
import type { MaterialFormat, Orientation, Period, SortOption } from '@gemstock/contract';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { Icon } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { FacetPanel } from './facet-panel';
import {
  type CatalogFilters,
  FORMAT_CHOICES,
  ORIENTATION_CHOICES,
  PERIOD_CHOICES,
  SORT_CHOICES,
  hasNarrowingFilters,
} from '../lib/search-filters';

interface FilterGroupProps<V extends string> {
  label: string;
  value: V;
  choices: { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** One labelled row of choices: Tab reaches it, the arrow keys move the choice. */
function FilterGroup<V extends string>({ label, value, choices, onChange }: FilterGroupProps<V>) {
  const id = useId();
  return (
    <div className="gs-filter">
      <span className="gs-filter__label" id={id}>
        {label}
      </span>
      <ChoiceGroup look="buttons" labelledBy={id} value={value} choices={choices} onChange={onChange} />
    </div>
  );
}

/** Every narrowing filter off: format, orientation, period and the jewellery facets. */
export const CLEARED_FILTERS: Partial<CatalogFilters> = {
  format: null,
  orientation: null,
  period: null,
  metal: [],
  gem: [],
  piece: [],
  scene: [],
  color: null,
};

interface CatalogFilterBarProps {
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
}

/**
 * Format, orientation, period, sort and the jewellery facets of home's results (all kept in
 * the URL). A row above the
 * grid on wider screens; on a phone a 筛选与排序 button opening the same choices in a bottom sheet.
 */
export function CatalogFilterBar({ filters, onChange }: CatalogFilterBarProps) {
  const [isSheetOpen, setSheetOpen] = useState(false);
  const narrowing =
    [filters.format, filters.orientation, filters.period].filter(Boolean).length +
    filters.metal.length +
    filters.gem.length +
    filters.piece.length +
    filters.scene.length +
    (filters.color ? 1 : 0);
  return (
    <>
      <FilterChoices filters={filters} onChange={onChange} className="gs-filter-bar gs-card gs-hide-phone" />
      <div className="gs-filter-sheet-trigger gs-show-phone">
        <Button icon={<Icon icon={FilterOutlined} />} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          筛选与排序{narrowing > 0 ? `（${narrowing}）` : ''}
        </Button>
      </div>
      <Sheet
        title="筛选与排序"
        open={isSheetOpen}
        onClose={() => setSheetOpen(false)}
        className="gs-filter-sheet"
        footer={
          <Button kind="primary" block onClick={() => setSheetOpen(false)}>
            查看结果
          </Button>
        }
      >
        <FilterChoices filters={filters} onChange={onChange} className="gs-filter-bar" />
      </Sheet>
    </>
  );
}

function FilterChoices({ filters, onChange, className }: CatalogFilterBarProps & { className: string }) {
  return (
    <div className={className} role="group" aria-label="筛选与排序">
      <FilterGroup
        label="格式"
        value={filters.format ?? ''}
        choices={FORMAT_CHOICES}
        onChange={(v) => onChange({ format: (v || null) as MaterialFormat | null })}
      />
      <FilterGroup
        label="方向"
        value={filters.orientation ?? ''}
        choices={ORIENTATION_CHOICES}
        onChange={(v) => onChange({ orientation: (v || null) as Orientation | null })}
      />
      <FilterGroup
        label="时间"
        value={filters.period ?? ''}
        choices={PERIOD_CHOICES}
        onChange={(v) => onChange({ period: (v || null) as Period | null })}
      />
      <FilterGroup
        label="排序"
        value={filters.sort}
        choices={SORT_CHOICES}
        onChange={(v) => onChange({ sort: v as SortOption })}
      />
      {hasNarrowingFilters(filters) && (
        <Button kind="link" size="small" className="gs-filter-bar__reset" onClick={() => onChange(CLEARED_FILTERS)}>
          清除筛选
        </Button>
      )}
      <FacetPanel filters={filters} onChange={onChange} />
    </div>
  );
}
