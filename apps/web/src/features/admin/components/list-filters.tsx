import { Flex, Input, Select } from 'antd';
import type { AddressUpdate } from '../lib/address-query';

export interface FilterSelect {
  /** The address parameter (and API query field) the choice is kept in. */
  name: string;
  placeholder: string;
  options: { value: string; label: string }[];
  value: string | undefined;
  width: number;
}

interface ListFiltersProps {
  search: { value: string | undefined; placeholder: string; width: number };
  selects: FilterSelect[];
  onChange: (change: AddressUpdate) => void;
}

/**
 * The filter row of a console list: a search box (applied on Enter or the button, trimmed) and
 * clearable choices, each written to the address as the lists keep their state there.
 */
export function ListFilters({ search, selects, onChange }: ListFiltersProps) {
  return (
    <Flex wrap gap={8} align="center" style={{ paddingBlock: 12 }}>
      <Input.Search
        // Re-mounted when the address changes the term (back/forward), so the box follows it.
        key={search.value ?? ''}
        defaultValue={search.value}
        placeholder={search.placeholder}
        aria-label={search.placeholder}
        allowClear
        enterButton="搜索"
        style={{ width: search.width }}
        onSearch={(value) => onChange({ q: value.trim() || undefined })}
      />
      {selects.map((s) => (
        <Select
          key={s.name}
          allowClear
          placeholder={s.placeholder}
          aria-label={s.placeholder}
          options={s.options}
          value={s.value}
          onChange={(value?: string) => onChange({ [s.name]: value })}
          style={{ width: s.width }}
        />
      ))}
    </Flex>
  );
}
