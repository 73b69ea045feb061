import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  balanceTooLowMessage,
  isValidCode,
  isValidEmail,
  isValidMobile,
  isValidCreditCode,
  isValidTaxpayerNumber,
  zCompanyLicense,
  zCompanyName,
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
    expect(zCompanyLicense.safeParse('').error?.issues[0]?.message).toBe(MESSAGES.license);
    expect(MESSAGES.contract).toBe('请先阅读并同意《授权许可使用协议》');
    expect(MESSAGES.vipAgreement).toBe('请先阅读并同意《VIP月度服务协议》');
    expect(MESSAGES.rechargeAmount).toBe('请选择要充值的金额');
  });

  it('normalises emails to lower case and credit codes to upper case', () => {
    expect(zEmail.parse(' Li@Example.COM ')).toBe('li@example.com');
    expect(zCompanyLicense.parse('91310000mA1fl1x2xe')).toBe('91310000MA1FL1X2XE');
  });

  it('checks a unified social credit code by its GB 32100-2015 check digit', () => {
    // Real, published codes (Huawei, Baidu, Tencent) and the demo company's.
    for (const code of ['914403001922038216', '91110000802100433B', '9144030071526726XG', '91440303MA5G7BT2KB']) {
      expect(isValidCreditCode(code)).toBe(true);
    }
    // One symbol changed, the check digit wrong, a letter the code never uses (O, I, S, V, Z).
    for (const code of ['914403001922038217', '91110108551385082R', '9144030071526726XO', '91440303MA5G7ST2KB']) {
      expect(isValidCreditCode(code)).toBe(false);
    }
  });

  it('says which part of a taxpayer number is wrong, never "请输入…" for a number that was typed', () => {
    const message = (value: string) => zCompanyLicense.safeParse(value).error?.issues[0]?.message;
    expect(MESSAGES.licenseCheckDigit).toBe('统一社会信用代码的校验位不正确，请核对后重新输入');
    // 18 symbols of the code's alphabet whose check digit does not match
    expect(message('914403001922038217')).toBe(MESSAGES.licenseCheckDigit);
    expect(message('91110108551385082r')).toBe(MESSAGES.licenseCheckDigit);
    // a symbol the code never uses, or a length no taxpayer number has
    expect(message('9144030071526726XO')).toBe(MESSAGES.licenseFormat);
    expect(message('x')).toBe(MESSAGES.licenseFormat);
    expect(message('1101085513850821')).toBe(MESSAGES.licenseFormat);
    expect(message('   ')).toBe(MESSAGES.license);
  });

  it('refuses a company name that is too long or holds what an invoice cannot print, naming the rule', () => {
    const message = (value: string) => zCompanyName.safeParse(value).error?.issues[0]?.message;
    for (const name of [
      '深圳市宝图珠宝科技有限公司',
      '宝图（深圳）珠宝有限公司',
      'Gemstock Co., Ltd.',
      '宝图·珠宝 ＆ 设计',
    ]) {
      expect(message(name), name).toBeUndefined();
    }
    expect(zCompanyName.parse('宝'.repeat(100))).toHaveLength(100);
    expect(message('宝'.repeat(101))).toBe('企业全称不能超过 100 个字符');
    for (const name of ['宝图珠宝🎁有限公司', '宝图珠宝❤有限公司', '宝图珠宝™', '宝图\u200d珠宝']) {
      expect(message(name), name).toBe(MESSAGES.companyCharacters);
    }
  });

  it('still accepts the older 15-, 17- and 20-symbol taxpayer numbers, and no other length', () => {
    expect(isValidTaxpayerNumber('110108551385082')).toBe(true);
    expect(isValidTaxpayerNumber('44030119800101123')).toBe(true);
    expect(isValidTaxpayerNumber('4403011980010112340X')).toBe(true);
    expect(isValidTaxpayerNumber('1101085513850821')).toBe(false);
    expect(isValidTaxpayerNumber('11010855138508212')).toBe(true);
    expect(isValidTaxpayerNumber('110108551385082-1')).toBe(false);
    expect(isValidTaxpayerNumber('4403011980010112340X1')).toBe(false);
  });

  it('words the balance tooltip as the spec does', () => {
    expect(balanceTooLowMessage('¥12.00')).toBe('当前余额¥12.00，余额不足，请使用其他方式支付');
  });
});
