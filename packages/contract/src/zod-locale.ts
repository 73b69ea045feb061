// zod whose `string()` refuses ill-formed text (zod-text.ts).
import * as z from './zod-text.js';
// One locale, not the `z.locales` namespace: that object holds every language zod ships.
import zhCN from 'zod/v4/locales/zh-CN.js';

/**
 * Every schema message is Chinese: the zh-CN locale for zod's defaults, with plainer wording
 * for the cases users meet most (a field left out, text too long).
 */
export function configureZodMessages(): void {
  z.config(zhCN());
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return '缺少必填项';
      if (issue.code === 'invalid_type' && issue.input === null) return '该项不能为空';
      if (issue.code === 'too_big' && issue.origin === 'string') return `不能超过 ${String(issue.maximum)} 个字符`;
      if (issue.code === 'unrecognized_keys') return `不支持的字段：${issue.keys.join('、')}`;
      return undefined;
    },
  });
}

configureZodMessages();

/**
 * zod with the messages above: every module of the contract that declares a schema takes `z`
 * from here, so the messages are set wherever a schema exists, and code that only needs the
 * contract's constants and types (a first page of the web app) does not carry zod at all.
 */
export { z };
