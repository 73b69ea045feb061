import type { MaterialFormat, Orientation, Period, SortOption } from '@gemstock/contract';
import { Button, Radio } from 'antd';
import { useId } from 'react';
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
      <Radio.Group
        aria-labelledby={id}
        optionType="button"
        buttonStyle="solid"
        size="small"
        value={value}
        options={choices}
        onChange={(e) => onChange(e.target.value as V)}
      />
    </div>
  );
}

interface CatalogFilterBarProps {
  filters: CatalogFilters;
  onChange: (change: Partial<CatalogFilters>) => void;
}

/** Format, orientation, period and sort of home's results (all kept in the URL). */
export function CatalogFilterBar({ filters, onChange }: CatalogFilterBarProps) {
  return (
    <div className="gs-filter-bar gs-card" role="group" aria-label="筛选与排序">
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
        <Button
          type="link"
          size="small"
          className="gs-filter-bar__reset"
          onClick={() => onChange({ format: null, orientation: null, period: null })}
        >
          清除筛选
        </Button>
      )}
    </div>
  );
}
