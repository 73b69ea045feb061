import { createHmac } from 'node:crypto';
import type { S3Config } from '../../config.js';
import { amzDate, signingKey } from '../../media/s3-signer.js';

/**
 * A browser-based upload to an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS through its S3
 * API): a POST policy signed with SigV4 ("Browser-Based Uploads Using POST"). The bucket checks
 * every condition itself: the exact key, the size range, the content type and the expiry.
 *
 * S3's policy language has no "one of these" for a field: when the browser named the file's type
 * the policy pins it exactly; otherwise it only requires an `image/` type, and the server's check
 * (upload.service.ts) decides by the file's bytes.
 */

export interface S3PostPolicyInput {
  key: string;
  maxBytes: number;
  /** The exact Content-Type the form must send, or undefined for any `image/` type. */
  contentType: string | undefined;
  expiresAt: Date;
  now: Date;
}

export interface S3PostPolicy {
  url: string;
  fields: Record<string, string>;
  /** The decoded policy document (what `fields.policy` encodes), for tests and logs. */
  document: { expiration: string; conditions: unknown[] };
}

export const S3_POST_ALGORITHM = 'AWS4-HMAC-SHA256';

/** Where the form is POSTed: the bucket's own address, in the configured addressing style. */
export function s3BucketUrl(s3: Pick<S3Config, 'endpoint' | 'bucket' | 'forcePathStyle'>): string {
  const endpoint = new URL(s3.endpoint);
  if (s3.forcePathStyle) return `${endpoint.protocol}//${endpoint.host}/${s3.bucket}`;
  return `${endpoint.protocol}//${s3.bucket}.${endpoint.host}/`;
}

export function presignS3Post(s3: S3Config, input: S3PostPolicyInput): S3PostPolicy {
  const timestamp = amzDate(input.now);
  const date = timestamp.slice(0, 8);
  const credential = `${s3.accessKeyId}/${date}/${s3.region}/s3/aws4_request`;
  const document = {
    expiration: input.expiresAt.toISOString(),
    conditions: [
      { bucket: s3.bucket },
      ['eq', '$key', input.key],
      ['content-length-range', 1, input.maxBytes],
      input.contentType ? ['eq', '$Content-Type', input.contentType] : ['starts-with', '$Content-Type', 'image/'],
      { 'x-amz-algorithm': S3_POST_ALGORITHM },
      { 'x-amz-credential': credential },
      { 'x-amz-date': timestamp },
    ],
  };
  const policy = Buffer.from(JSON.stringify(document), 'utf8').toString('base64');
  const signature = createHmac('sha256', signingKey(s3.secretAccessKey, date, s3.region, 's3'))
    .update(policy, 'utf8')
    .digest('hex');
  const fields: Record<string, string> = {
    key: input.key,
    ...(input.contentType ? { 'Content-Type': input.contentType } : {}),
    policy,
    'x-amz-algorithm': S3_POST_ALGORITHM,
    'x-amz-credential': credential,
    'x-amz-date': timestamp,
    'x-amz-signature': signature,
  };
  return { url: s3BucketUrl(s3), fields, document };
}
