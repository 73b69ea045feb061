import { describe, expect, it } from 'vitest';
import { TokenService } from '../../src/lib/tokens.js';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret-0123456');

describe('TokenService.verify', () => {
  it('answers a token checked before the same way, and refuses it once it has expired', async () => {
    let now = new Date('2026-11-28T10:00:00Z');
    const tokens = new TokenService(secret, 60, () => now);
    const token = await tokens.sign('buyer', { sub: 'u1', tv: 3 });
    expect(await tokens.verify('buyer', token)).toEqual({ ok: true, claims: { sub: 'u1', tv: 3 } });
    expect(await tokens.verify('buyer', token)).toEqual({ ok: true, claims: { sub: 'u1', tv: 3 } });
    now = new Date('2026-11-28T10:01:01Z');
    expect(await tokens.verify('buyer', token)).toEqual({ ok: false, reason: 'expired' });
    expect(await tokens.verify('buyer', token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('still refuses a token for another audience, or with its payload or signature changed, after the real one was accepted', async () => {
    const tokens = new TokenService(secret, 60);
    const token = await tokens.sign('buyer', { sub: 'u1', tv: 1 });
    expect((await tokens.verify('buyer', token)).ok).toBe(true);
    expect(await tokens.verify('operator', token)).toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'u2' })).toString('base64url');
    expect(await tokens.verify('buyer', `${header}.${forged}.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await tokens.verify('buyer', `${header}.${payload}.${flipped}`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a token signed with another secret is refused', async () => {
    const other = new TokenService(new TextEncoder().encode('another-secret-another-secret-0123456789'), 60);
    const token = await other.sign('buyer', { sub: 'u1', tv: 1 });
    expect(await new TokenService(secret, 60).verify('buyer', token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
