import { MAX_LENGTH } from '@gemstock/contract';
import { FireOutlined } from '@ant-design/icons';
import { AutoComplete, Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_PARAM, paths } from '@/config/paths';
import { useSearchNavigation } from '@/hooks/use-search-navigation';
import { useHotKeywords } from '@/api/get-hot-keywords';

/**
 * Header search. On focus it loads the hot-search panel (keyboard navigable: arrows + Enter).
 * Searching elsewhere than home goes home with `?keyword=` (spec §2).
 */
export function HeaderSearch() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const urlKeyword = pathname === paths.home ? (searchParams.get(SEARCH_PARAM) ?? '') : '';
  const [value, setValue] = useState(urlKeyword);
  const [hasFocused, setHasFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const { search } = useSearchNavigation();
  const hot = useHotKeywords(hasFocused);

  // the URL is the source of truth: the logo clears it, a hot keyword sets it
  const [syncedKeyword, setSyncedKeyword] = useState(urlKeyword);
  if (syncedKeyword !== urlKeyword) {
    setSyncedKeyword(urlKeyword);
    setValue(urlKeyword);
  }

  const keywords = hot.data?.keywords ?? [];
  const showPanel = value.trim() === '';
  const options = showPanel
    ? [
        {
          label: (
            <span className="gs-hot-title">
              <FireOutlined /> 热门搜索
            </span>
          ),
          options: keywords.map((k) => ({ value: k, label: k })),
        },
      ].filter((group) => group.options.length > 0)
    : [];

  return (
    <AutoComplete
      className="gs-header-search"
      value={value}
      options={options}
      onChange={(v: string) => setValue(v)}
      onSelect={(v: string) => {
        setValue(v);
        setOpen(false);
        search(v);
      }}
      // the panel opens on focus, not only on typing (spec §2)
      open={open}
      onOpenChange={setOpen}
      onFocus={() => {
        setHasFocused(true);
        setOpen(true);
      }}
      onBlur={() => setOpen(false)}
      popupMatchSelectWidth={360}
      notFoundContent={
        showPanel ? (
          hot.isFetching ? (
            <div style={{ padding: 16, textAlign: 'center' }}>
              <Spin size="small" />
            </div>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无热门搜索" />
          )
        ) : null
      }
    >
      <Input.Search
        placeholder="搜索珠宝图片、视频，如 钻戒、项链"
        aria-label="搜索素材"
        allowClear
        maxLength={MAX_LENGTH.keyword}
        onSearch={(v, _e, info) => {
          if (info?.source === 'clear') return;
          setOpen(false);
          search(v);
        }}
      />
    </AutoComplete>
  );
}
