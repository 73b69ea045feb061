import fastifyMultipart from '@fastify/multipart';
import {
  ADMIN_MATERIAL_API,
  ADMIN_MATERIAL_BULK_API,
  ADMIN_MATERIAL_PATHS,
  ErrorCode,
  parseKeywordText,
  ZAdminMaterialResponse,
  zEnvelope,
  zMaterialKeywords,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { StagedFile } from '../../media/upload-staging.js';
import { ok } from '../../plugins/envelope.js';
import { route } from '../../plugins/route.js';
import { registerAdminReviewRoutes } from './admin-review.routes.js';
import type { AdminMaterialService } from './catalog.module.js';

/**
 * Form fields of an upload besides the file; anything else is refused. `batch_file` names the
 * upload batch file the bytes are for (sent before the file, so it is marked before they arrive).
 */
const UPLOAD_FIELDS = new Set(['keywords', 'batch_file']);
const MAX_FIELD_BYTES = 4096;

function signedInOperator(request: FastifyRequest) {
  if (!request.operator) throw new AppError(ErrorCode.AUTH_REQUIRED);
  return request.operator;
}

/** The multipart plugin's own errors, in the catalogue's words. */
function multipartError(error: unknown, materials: AdminMaterialService): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return materials.fileTooLargeError();
    case 'FST_FILES_LIMIT':
      return new AppError(ErrorCode.UPLOAD_TOO_MANY_FILES);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(ErrorCode.VALIDATION, '上传表单的字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 方式上传文件');
    case 'FST_PROTO_VIOLATION':
      return new AppError(ErrorCode.VALIDATION, '上传表单的字段名不正确');
    default:
      return null;
  }
}

/**
 * Operator material routes. The multipart parser is registered here only, with the upload
 * limits: one file per request, a few short fields, and the file capped at the largest
 * allowed size (the per-type caps are applied while the file streams in).
 */
export async function adminMaterialRoutes(
  instance: FastifyInstance,
  { adminMaterials: materials }: { adminMaterials: AdminMaterialService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;

  await app.register(fastifyMultipart, {
    limits: {
      // One byte over the cap, so a file of exactly the cap passes and anything longer is seen
      // by the staging step (which answers with the per-type limit).
      fileSize: config.upload.maxBytes + 1,
      files: 1,
      fields: 5,
      parts: 6,
      fieldSize: MAX_FIELD_BYTES,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });

  route(app, ADMIN_MATERIAL_API.uploadConfig, async () => materials.uploadConfig());

  // A file upload: registered by hand (multipart, no body schema), with the same guard.
  app.post(
    ADMIN_MATERIAL_PATHS.upload,
    { onRequest: app.requireOperatorOf(['content']), schema: { response: { 200: zEnvelope(ZAdminMaterialResponse) } } },
    async (request) => {
      const operator = signedInOperator(request);
      if (!request.isMultipart()) {
        throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, '请以 multipart/form-data 方式上传文件');
      }
      let staged: StagedFile | null = null;
      let keywordText = '';
      let batch: Awaited<ReturnType<AdminMaterialService['startBatchFileUpload']>> | null = null;
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (!UPLOAD_FIELDS.has(part.fieldname)) {
                throw new AppError(ErrorCode.VALIDATION, `不支持的字段：${part.fieldname}`);
              }
              if (part.fieldname === 'batch_file') {
                if (batch || staged) throw new AppError(ErrorCode.VALIDATION, '上传文件编号须在文件之前且只能有一个');
                batch = await materials.startBatchFileUpload(String(part.value).trim());
                continue;
              }
              if (part.valueTruncated) throw new AppError(ErrorCode.VALIDATION, '关键词内容过长');
              keywordText += ` ${String(part.value)}`;
              continue;
            }
            if (staged) throw new AppError(ErrorCode.UPLOAD_TOO_MANY_FILES);
            staged = await materials.stageIncomingFile(part.file);
            if (part.file.truncated) throw materials.fileTooLargeError();
          }
        } catch (error) {
          throw multipartError(error, materials) ?? error;
        }
        if (!staged) throw new AppError(ErrorCode.UPLOAD_FILE_REQUIRED);
        const keywords = zMaterialKeywords.safeParse([...(batch?.keywords ?? []), ...parseKeywordText(keywordText)]);
        if (!keywords.success) {
          const message = keywords.error.issues[0]?.message ?? ErrorCode.VALIDATION.message;
          throw new AppError(ErrorCode.VALIDATION, message, [{ path: 'keywords', message }]);
        }
        const material = await materials.createUploadedMaterial(operator, staged, {
          keywords: keywords.data,
          batch: batch ? { sid: batch.batchSid, fileSid: batch.fileSid } : undefined,
        });
        return ok({ material });
      } catch (error) {
        // The batch table keeps why this file did not become a material (重复被拒, 失败 with the reason).
        if (batch) await materials.recordBatchFileFailure(batch.fileSid, error);
        throw error;
      } finally {
        // The staging file is gone whatever happened: stored as the original, or refused.
        const done = staged as StagedFile | null;
        if (done) await done.discard();
      }
    },
  );

  route(app, ADMIN_MATERIAL_API.list, async (request) => materials.listMaterials(request.query));

  route(app, ADMIN_MATERIAL_API.detail, async (request) => ({
    material: await materials.getMaterial(request.params.id),
  }));

  route(app, ADMIN_MATERIAL_API.update, async (request) => ({
    material: await materials.updateMaterial(request.operator, request.params.id, request.body),
  }));

  route(app, ADMIN_MATERIAL_API.reprocess, async (request) => ({
    material: await materials.reprocessMaterial(request.operator, request.params.id),
  }));

  route(app, ADMIN_MATERIAL_BULK_API.start, async (request) => ({
    job: await materials.startBulkEdit(request.operator, request.body),
  }));

  route(app, ADMIN_MATERIAL_BULK_API.job, async (request) => ({
    job: await materials.getBulkJob(request.params.id),
  }));

  registerAdminReviewRoutes(app, materials);
}
