import { describe, expect, it } from 'vitest';
import {
  canonicalQueryString,
  EMPTY_PAYLOAD_SHA256,
  sha256Hex,
  signRequest,
  uriEncode,
} from '../../src/media/s3-signer.js';

/**
 * The worked examples of the S3 documentation, "Signature Calculations for the Authorization
 * Header: Transferring Payload in a Single Chunk (AWS Signature Version 4)": bucket
 * examplebucket in us-east-1, 24 May 2013 00:00:00 UTC, the documentation's example keys.
 */
const CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const HOST = 'examplebucket.s3.amazonaws.com';
const NOW = new Date('2013-05-24T00:00:00Z');
const BASE = { host: HOST, region: 'us-east-1', now: NOW };

function authorization(signature: string, signedHeaders: string) {
  return `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=${signedHeaders},Signature=${signature}`;
}

describe('SigV4 signer: the S3 documentation examples', () => {
  it('GET Object (with a Range header)', () => {
    const signed = signRequest(
      { ...BASE, method: 'GET', path: '/test.txt', headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_PAYLOAD_SHA256 },
      CREDENTIALS,
    );
    expect(signed.canonicalRequest).toBe(
      [
        'GET',
        '/test.txt',
        '',
        `host:${HOST}`,
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_PAYLOAD_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_PAYLOAD_SHA256,
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.headers.authorization).toBe(
      authorization(
        'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
        'host;range;x-amz-content-sha256;x-amz-date',
      ),
    );
  });

  it('PUT Object (payload hash, a `$` encoded in the key, extra x-amz header)', () => {
    const payloadHash = sha256Hex('Welcome to Amazon S3.');
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signRequest(
      {
        ...BASE,
        method: 'PUT',
        path: '/test$file.text',
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash,
      },
      CREDENTIALS,
    );
    expect(signed.encodedPath).toBe('/test%24file.text');
    expect(signed.stringToSign.split('\n')[3]).toBe('9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d');
    expect(signed.headers.authorization).toBe(
      authorization(
        '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
        'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
      ),
    );
  });

  it('GET Bucket Lifecycle (a query parameter without value)', () => {
    const signed = signRequest(
      { ...BASE, method: 'GET', path: '/', query: { lifecycle: '' }, payloadHash: EMPTY_PAYLOAD_SHA256 },
      CREDENTIALS,
    );
    expect(signed.encodedQuery).toBe('lifecycle=');
    expect(signed.stringToSign.split('\n')[3]).toBe('9766c798316ff2757b517bc739a67f6213b4ab36dd5da2f94eaebf79c77395ca');
    expect(signed.signature).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });

  it('GET Bucket / List Objects (query parameters sorted)', () => {
    const signed = signRequest(
      { ...BASE, method: 'GET', path: '/', query: { prefix: 'J', 'max-keys': '2' }, payloadHash: EMPTY_PAYLOAD_SHA256 },
      CREDENTIALS,
    );
    expect(signed.encodedQuery).toBe('max-keys=2&prefix=J');
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
});

describe('SigV4 encoding rules', () => {
  it('encodes everything but unreserved characters, keeping slashes only in paths', () => {
    expect(uriEncode('/bucket/a b+c$d~e_f.g-h', true)).toBe('/bucket/a%20b%2Bc%24d~e_f.g-h');
    expect(uriEncode('a/b', false)).toBe('a%2Fb');
    expect(uriEncode("!'()*", true)).toBe('%21%27%28%29%2A');
    expect(uriEncode('戒指.jpg', true)).toBe('%E6%88%92%E6%8C%87.jpg');
  });

  it('sorts the query by encoded name and keeps empty values as name=', () => {
    expect(canonicalQueryString({ b: '2', a: 'x y', 'a+': '', c: '' })).toBe('a=x%20y&a%2B=&b=2&c=');
  });

  it('signs a different body differently', () => {
    const sign = (hash: string) =>
      signRequest({ ...BASE, method: 'PUT', path: '/k', payloadHash: hash }, CREDENTIALS).signature;
    expect(sign('a'.repeat(64))).not.toBe(sign('b'.repeat(64)));
  });
});
