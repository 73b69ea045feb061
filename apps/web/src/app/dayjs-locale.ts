import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * antd's date pickers format with dayjs: without its zh-cn locale they show "2026年Nov" and
 * weeks from Sunday beside antd's zhCN texts. zh-cn writes months as 11月 and starts weeks on
 * Monday. Imported once, before anything renders (providers.tsx).
 */
dayjs.locale('zh-cn');

export const DAYJS_LOCALE = 'zh-cn';
