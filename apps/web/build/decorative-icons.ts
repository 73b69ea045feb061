import type { Plugin } from 'vite';

const ANTD_ICON = /@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js(\?|$)/;
const NAMED_IMG = /role:\s*"img",\s*"aria-label":\s*icon\.name/;
const ANTD_PAGINATION = /antd[\\/]es[\\/]pagination[\\/]Pagination\.js(\?|$)/;
/** antd's 上一页 / 下一页 buttons hold only an icon and no name (the title sits on their <li>). */
const PAGE_BUTTON = /const (prev|next)Icon = \/\*#__PURE__\*\/React\.createElement\("button", \{/g;

/**
 * antd's icons name themselves in English (`<span role="img" aria-label="shopping-cart">`), so a
 * screen reader reads "shopping-cart 购物车" for a labelled button. Here every icon is decorative
 * (`aria-hidden`) unless the code gives it a name (`aria-label="搜索"`), and an icon-only control
 * must carry its Chinese name on the control itself. One rule for every icon, antd's own included;
 * antd's pagination arrows, icon-only buttons of its own, get their Chinese names here too.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'gemstock:decorative-icons',
    enforce: 'pre',
    transform(code, id) {
      if (ANTD_PAGINATION.test(id)) {
        if (code.match(PAGE_BUTTON)?.length !== 2)
          this.error('antd Pagination changed shape: update build/decorative-icons.ts');
        return code.replace(
          PAGE_BUTTON,
          (match, which: string) => `${match}\n      "aria-label": "${which === 'prev' ? '上一页' : '下一页'}",`,
        );
      }
      if (!ANTD_ICON.test(id)) return null;
      if (!NAMED_IMG.test(code)) this.error('AntdIcon.js changed shape: update build/decorative-icons.ts');
      return code.replace(NAMED_IMG, '...(restProps["aria-label"] ? { role: "img" } : { "aria-hidden": true })');
    },
  };
}
