import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR, LOGOUT_CODES, SILENT_CODES } from '../src/client-codes.js';
import { ErrorCode, errorSpecOf } from '../src/errors.js';

describe('error catalogue', () => {
  it('has unique codes', () => {
    const codes = Object.values(ErrorCode).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every error a Chinese message and a 4xx/5xx status', () => {
    for (const spec of Object.values(ErrorCode)) {
      expect(spec.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(spec.http).toBeGreaterThanOrEqual(400);
      expect(spec.http).toBeLessThan(600);
    }
  });

  it('gives the client the same numbers as the catalogue, and every code of the company policy', () => {
    for (const [name, code] of Object.entries(CLIENT_ERROR)) {
      expect(ErrorCode[name as keyof typeof ErrorCode].code, name).toBe(code);
    }
    const company = Object.values(ErrorCode).filter((spec) => spec.policy === 'company');
    expect(company.map((spec) => spec.code)).toEqual([CLIENT_ERROR.COMPANY_REQUIRED]);
    const logout = Object.values(ErrorCode).filter((spec) => spec.policy === 'logout');
    expect(new Set(logout.map((spec) => spec.code))).toEqual(LOGOUT_CODES);
  });

  it('keeps 1000, 2002 and 2003 silent and logs out on 2002 and 2003', () => {
    expect([...SILENT_CODES].sort()).toEqual([1000, 2002, 2003]);
    expect([...LOGOUT_CODES].sort()).toEqual([2002, 2003]);
    expect(errorSpecOf(1000)?.policy).toBe('login');
    expect(errorSpecOf(2002)?.policy).toBe('logout');
    expect(errorSpecOf(2003)?.policy).toBe('logout');
  });
});
