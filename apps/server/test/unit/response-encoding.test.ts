import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding, SharedBody } from '../../src/lib/response-encoding.js';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['BR;q=0.5, GZIP', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.0', null],
    ['identity', null],
    ['deflate', null],
    ['', null],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('answers null when the client says nothing', () => {
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('SharedBody', () => {
  it('encodes once per encoding, and each decodes to the text', () => {
    const text = JSON.stringify({ materials: Array.from({ length: 50 }, (_, i) => ({ sid: `m${i}`, name: '钻戒' })) });
    const body = new SharedBody(() => text);
    const br = body.encodedAs('br');
    expect(body.encodedAs('br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(gunzipSync(body.encodedAs('gzip')).toString()).toBe(text);
    expect(body.text()).toBe(text);
    expect(body.byteLength()).toBe(Buffer.byteLength(text));
  });

  it('makes the text once for a first answer: measured, then encoded from the same text', () => {
    let made = 0;
    const text = '钻戒'.repeat(1_000);
    const body = new SharedBody(() => {
      made += 1;
      return text;
    });
    expect(body.byteLength()).toBe(Buffer.byteLength(text));
    expect(brotliDecompressSync(body.encodedAs('br')).toString()).toBe(text);
    expect(made).toBe(1);
    expect(body.byteLength()).toBe(Buffer.byteLength(text));
    expect(body.text()).toBe(text);
    expect(made).toBe(2);
  });
});
