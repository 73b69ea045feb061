import type { ThemeConfig } from 'antd';

/** Brand: deep teal for actions, a warm gold for VIP and highlights (see styles.css). */
export const BRAND_PRIMARY = '#0f6b63';
export const BRAND_GOLD = '#b8892d';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_PRIMARY,
    colorLink: BRAND_PRIMARY,
    colorInfo: BRAND_PRIMARY,
    // antd derives the light tints from the palette, which turns grey for a colour this dark;
    // give menus, alerts and selections a clean light teal instead
    colorPrimaryBg: '#e6f2ef',
    colorPrimaryBgHover: '#d0e7e2',
    colorPrimaryBorder: '#a8d1c8',
    colorPrimaryBorderHover: '#7dbaae',
    colorInfoBg: '#eef6f4',
    colorInfoBorder: '#b9dcd4',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f6f7f5',
    // antd's secondary text (0.45 alpha, 3.4:1 on white) is too faint for WCAG AA: 0.6 is 5.7:1
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // placeholders that read as text (select filters) and danger links on tinted rows
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorError: '#c8102e',
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f6f7f5' },
    Tabs: { titleFontSize: 15 },
  },
};
