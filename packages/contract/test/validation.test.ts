import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  balanceTooLowMessage,
  isValidCode,
  isValidEmail,
  isValidMobile,
  zCompanyLicense,
  zEmail,
  zMobile,
  zNewPassword,
} from '../src/validation.js';

describe('validation rules of spec §5', () => {
  it('accepts ordinary emails and refuses malformed ones', () => {
    for (const ok of ['a@b.cn', 'li.na-01_x@mail.example.com', 'A.B@Example.COM']) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ['', 'a@', '@b.cn', 'a b@c.cn', 'a@b.c', 'a@b.toolongtld', 'a+b@c.cn'])
      expect(isValidEmail(bad)).toBe(false);
  });

  it('requires an 11-digit mobile', () => {
    expect(isValidMobile('13800138000')).toBe(true);
    expect(isValidMobile('1380013800')).toBe(false);
    expect(isValidMobile('138001380000')).toBe(false);
    expect(isValidMobile('1380013800a')).toBe(false);
  });

  it('requires a 6-digit code', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });

  it('uses the exact Chinese messages', () => {
    expect(zEmail.safeParse('nope').error?.issues[0]?.message).toBe('请输入正确的邮箱');
    expect(zMobile.safeParse('123').error?.issues[0]?.message).toBe('请输入正确的手机号');
    expect(zNewPassword.safeParse('').error?.issues[0]?.message).toBe('请输入新密码');
    expect(zCompanyLicense.safeParse('x').error?.issues[0]?.message).toBe(MESSAGES.license);
    expect(MESSAGES.contract).toBe('请先阅读并同意《授权许可使用协议》');
    expect(MESSAGES.vipAgreement).toBe('请先阅读并同意《VIP月度服务协议》');
    expect(MESSAGES.rechargeAmount).toBe('请选择要充值的金额');
  });

  it('normalises emails to lower case and credit codes to upper case', () => {
    expect(zEmail.parse(' Li@Example.COM ')).toBe('li@example.com');
    expect(zCompanyLicense.parse('91310000mA1fl1x2x3')).toBe('91310000MA1FL1X2X3');
  });

  it('words the balance tooltip as the spec does', () => {
    expect(balanceTooLowMessage('¥12.00')).toBe('当前余额¥12.00，余额不足，请使用其他方式支付');
  });
});
