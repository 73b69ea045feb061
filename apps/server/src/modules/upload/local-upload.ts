import { ErrorCode } from '@gemstock/contract';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { SNIFF_BYTES, sniffMediaType } from '../../media/file-type.js';
import { isValidStorageKey } from '../../media/storage.js';
import { LOCAL_POLICY_FIELDS, type LocalPolicySigner, type LocalUploadPolicy } from '../../lib/local-upload-policy.js';
import { claimUploadSlot, releaseUploadSlot } from './upload.repository.js';
import { uploadTooLargeError } from './upload.service.js';

/**
 * The embedded default's upload target, checking what a bucket checks for a presigned POST: the
 * signed policy and its expiry, the key, the content type, and the size while the file streams
 * in (refused at the first byte over, before the rest is read). The file's first bytes must be
 * the declared image type as well. It is written to storage whole or not at all.
 */

export type LocalUploadPart =
  { type: 'field'; name: string; value: string } | { type: 'file'; name: string; mimetype: string; file: Readable };

const KNOWN_FIELDS = new Set<string>(Object.values(LOCAL_POLICY_FIELDS));

function policyOf(signer: LocalPolicySigner, fields: Map<string, string>): LocalUploadPolicy {
  const encoded = fields.get(LOCAL_POLICY_FIELDS.policy);
  const signature = fields.get(LOCAL_POLICY_FIELDS.signature);
  if (!encoded || !signature) throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID, '缺少上传凭证，请重新上传');
  const check = signer.verify(encoded, signature);
  if (!check.ok) {
    throw new AppError(check.reason === 'expired' ? ErrorCode.UPLOAD_POLICY_EXPIRED : ErrorCode.UPLOAD_POLICY_INVALID);
  }
  const { policy } = check;
  if (!isValidStorageKey(policy.key) || !policy.key.startsWith('private/uploads/')) {
    throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID);
  }
  if (fields.get(LOCAL_POLICY_FIELDS.key) !== policy.key) {
    throw new AppError(ErrorCode.UPLOAD_KEY_FORBIDDEN, '只能上传到上传凭证指定的位置，请重新上传');
  }
  return policy;
}

class UploadGuard extends Transform {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decided = false;
  bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly contentType: string,
  ) {
    super();
  }

  private decide(head: Buffer): void {
    const sniffed = sniffMediaType(head);
    if (!sniffed || sniffed.kind !== 'image' || sniffed.mime !== this.contentType) {
      throw new AppError(
        ErrorCode.UPLOAD_TYPE_NOT_ALLOWED,
        '文件内容不是所声明的图片类型，请上传真实的 JPEG、PNG 或 WebP 图片',
      );
    }
    this.decided = true;
  }

  private count(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) throw uploadTooLargeError(this.maxBytes);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.count(chunk);
      if (this.decided) return callback(null, chunk);
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return callback();
      const buffered = Buffer.concat(this.head);
      this.head = [];
      this.decide(buffered);
      callback(null, buffered);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    try {
      if (!this.decided) {
        const buffered = Buffer.concat(this.head);
        this.head = [];
        if (buffered.length === 0) throw new AppError(ErrorCode.UPLOAD_FILE_REQUIRED);
        this.decide(buffered);
        this.push(buffered);
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
}

export async function receiveLocalUpload(
  deps: Pick<AppDeps, 'storage' | 'db' | 'uploadPolicies'>,
  parts: AsyncIterable<LocalUploadPart>,
): Promise<void> {
  const fields = new Map<string, string>();
  let stored = false;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (!KNOWN_FIELDS.has(part.name) || fields.has(part.name) || stored) {
        throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID, `上传表单的字段不正确：${part.name.slice(0, 40)}`);
      }
      fields.set(part.name, part.value);
      continue;
    }
    if (part.name !== 'file' || stored) throw new AppError(ErrorCode.UPLOAD_TOO_MANY_FILES);
    const policy = policyOf(deps.uploadPolicies, fields);
    const contentType = (fields.get(LOCAL_POLICY_FIELDS.contentType) ?? part.mimetype).split(';')[0]!.trim();
    if (!policy.contentTypes.includes(contentType)) throw new AppError(ErrorCode.UPLOAD_TYPE_NOT_ALLOWED);
    // One policy, one file: a checked upload cannot be replaced behind the check's back, and of
    // concurrent uploads on the same credentials exactly one is taken.
    if (!(await claimUploadSlot(deps.db, policy.key))) {
      throw new AppError(ErrorCode.UPLOAD_POLICY_INVALID, '该上传凭证已使用，请重新上传');
    }
    const guard = new UploadGuard(policy.maxBytes, contentType);
    // The guard may refuse before storage starts reading it: keep its reason, which the write
    // then fails with (or with a premature close that stands for it).
    let refusal: unknown = null;
    guard.on('error', (error) => {
      refusal ??= error;
    });
    part.file.on('error', (error) => guard.destroy(error));
    try {
      await deps.storage.put(policy.key, part.file.pipe(guard), contentType);
    } catch (error) {
      await releaseUploadSlot(deps.db, policy.key);
      throw refusal ?? error;
    }
    stored = true;
  }
  if (!stored) throw new AppError(ErrorCode.UPLOAD_FILE_REQUIRED);
}
