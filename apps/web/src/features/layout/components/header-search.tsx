import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { SEARCH_PARAM, paths } from '@/config/paths';
import { refuseLongKeyword, useSearchNavigation } from '@/hooks/use-search-navigation';
import { useHotKeywords } from '@/api/get-hot-keywords';
import { Icon } from '@/components/ui/icon';
import { SearchOutlined } from '@/components/ui/icon-paths';
import { useTypedBeforeHydration } from '@/hooks/use-typed-before-hydration';

/**
 * Header search (spec §2): a search form whose box opens the hot-search panel on focus. The panel
 * is a listbox of the ARIA combobox pattern: ↑/↓ move through the keywords, Enter searches the
 * highlighted one, Esc closes it. Searching elsewhere than home goes home with `?keyword=`.
 * Plain elements only: the header is on every first paint, so it carries no component library.
 */
export function HeaderSearch() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const urlKeyword = pathname === paths.home ? (searchParams.get(SEARCH_PARAM) ?? '') : '';
  const [value, setValue] = useState(urlKeyword);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, setValue);
  const [hasFocused, setHasFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { search } = useSearchNavigation();
  const hot = useHotKeywords(hasFocused);
  const listId = useId();

  // the URL is the source of truth: the logo clears it, a hot keyword sets it
  const [syncedKeyword, setSyncedKeyword] = useState(urlKeyword);
  if (syncedKeyword !== urlKeyword) {
    setSyncedKeyword(urlKeyword);
    setValue(urlKeyword);
  }

  const keywords = value.trim() === '' ? (hot.data?.keywords ?? []) : [];
  const showPanel = open && value.trim() === '';

  const submit = (keyword: string) => {
    setValue(keyword);
    setOpen(false);
    setActive(-1);
    search(keyword);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (active >= 0 && keywords[active]) submit(keywords[active]);
    else if (!refuseLongKeyword(input.current, value)) submit(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (keywords.length === 0) return;
      event.preventDefault();
      setOpen(true);
      // positions -1 (the box itself) … n-1 (the last keyword), wrapping round
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const size = keywords.length + 1;
      setActive((index) => ((index + 1 + step + size) % size) - 1);
    }
  };

  return (
    // before the app runs (a page the server drew), the browser sends the form itself: home's
    // own search address, which the server draws with its results
    <form role="search" className="gs-header-search" action={paths.home} onSubmit={onSubmit} aria-label="站内搜索">
      <input
        ref={input}
        type="search"
        name={SEARCH_PARAM}
        className="gs-header-search__input"
        role="combobox"
        aria-label="搜索素材"
        aria-autocomplete="list"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-activedescendant={showPanel && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder="搜索珠宝图片、视频，如 钻戒、项链"
        enterKeyHint="search"
        value={value}
        onChange={(event) => {
          event.target.setCustomValidity('');
          setValue(event.target.value);
          setActive(-1);
        }}
        onFocus={() => {
          setHasFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="gs-header-search__button" aria-label="搜索">
        <Icon icon={SearchOutlined} />
      </button>
      <div className="gs-header-search__panel" hidden={!showPanel}>
        <div className="gs-hot-title" aria-hidden="true">
          热门搜索
        </div>
        <ul id={listId} role="listbox" aria-label="热门搜索">
          {keywords.map((keyword, index) => (
            <li
              key={keyword}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'is-active' : undefined}
              // before the input's blur closes the panel
              onMouseDown={(event) => {
                event.preventDefault();
                submit(keyword);
              }}
            >
              {keyword}
            </li>
          ))}
        </ul>
        {keywords.length === 0 && (
          <div className="gs-header-search__empty">{hot.isFetching ? '加载中…' : '暂无热门搜索'}</div>
        )}
      </div>
    </form>
  );
}
