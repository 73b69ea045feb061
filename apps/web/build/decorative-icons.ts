import type { Plugin } from 'vite';

const ANTD_ICON = /@ant-design[\\/]icons[\\/](es|lib)[\\/]components[\\/]AntdIcon(Light)?\.js$/;
const NAMED_IMG = /role:\s*"img",\s*"aria-label":\s*icon\.name/;

/**
 * antd's icons name themselves in English (`<span role="img" aria-label="shopping-cart">`), so a
 * screen reader reads "shopping-cart 购物车" for a labelled button. Here every icon is decorative
 * (`aria-hidden`) unless the code gives it a name (`aria-label="搜索"`), and an icon-only control
 * must carry its Chinese name on the control itself. One rule for every icon, antd's own included.
 */
export function decorativeIcons(): Plugin {
  return {
    name: 'gemstock:decorative-icons',
    enforce: 'pre',
    transform(code, id) {
      if (!ANTD_ICON.test(id)) return null;
      if (!NAMED_IMG.test(code)) this.error('AntdIcon.js changed shape: update build/decorative-icons.ts');
      return code.replace(NAMED_IMG, '...(restProps["aria-label"] ? { role: "img" } : { "aria-hidden": true })');
    },
  };
}
