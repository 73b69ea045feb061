import { MAX_LENGTH } from './constants.js';

/**
 * Field rules of spec §5 with their exact Chinese messages, apart from the schemas
 * (validation.ts) so a page can show them without loading zod.
 */
export const MESSAGES = {
  email: '请输入正确的邮箱',
  mobile: '请输入正确的手机号',
  password: '请输入密码',
  newPassword: '请输入新密码',
  passwordLength: `密码长度为 ${MAX_LENGTH.passwordMin}-${MAX_LENGTH.password} 位`,
  username: '请输入用户名',
  emailCode: '请登录邮箱查看验证码',
  mobileCode: '请输入短信验证码',
  agreement: '请阅读并勾选《用户协议》和《个人信息保护指引》',
  adult: '请确认您已年满18周岁',
  company: '请输入完整的企业全称',
  companyTooLong: `企业全称不能超过 ${MAX_LENGTH.company} 个字符`,
  invoiceTitleCharacters: '发票抬头只能包含汉字、字母、数字、空格和常用标点，不能包含表情符号或特殊符号',
  companyCharacters: '企业全称只能包含汉字、字母、数字、空格和常用标点，不能包含表情符号或特殊符号（发票无法打印）',
  license: '请输入统一社会信用代码/纳税人识别号',
  licenseCheckDigit: '统一社会信用代码的校验位不正确，请核对后重新输入',
  licenseFormat: '统一社会信用代码/纳税人识别号格式不正确（应为 18 位统一社会信用代码，或 15、17、20 位纳税人识别号）',
  address: '请输入企业地址',
  couponEmpty: '请先输入优惠码',
  contract: '请先阅读并同意《授权许可使用协议》',
  rechargeAmount: '请选择要充值的金额',
  vipAgreement: '请先阅读并同意《VIP月度服务协议》',
  tooLong: (max: number) => `不能超过 ${max} 个字符`,
  /** A search box refuses a longer keyword with this before the search would. */
  keywordTooLong: `搜索词不能超过 ${MAX_LENGTH.keyword} 个字符`,
  /** Text holding a lone surrogate (half of an emoji), which no field accepts. */
  illFormedText: '含有无法识别的字符（可能是残缺的表情符号），请删除后重新输入',
} as const;
