import { ErrorCode, MATERIAL_PATHS, ZOriginalMediaQuery } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import type { DownloadUrlSigner } from '../../lib/download-url.js';
import { parseRange } from '../../media/media.routes.js';
import { isValidStorageKey, StorageNotFoundError } from '../../media/storage.js';

/**
 * Makes a file a signed link names that is made on its first fetch (a licence's marked original,
 * docs/decisions/0049); false when the key is not such a file. The licence module's, wired in app.ts.
 */
export type PrepareFile = (key: string) => Promise<boolean>;

/**
 * GET /api/media/original?key&exp&sig: streams an original from the private area of storage to
 * whoever holds a valid, unexpired signed link (see lib/download-url.ts). Who may have such a
 * link is decided where it is signed (free download now, purchase in checkout); this route
 * trusts only the signature. Ranges are honoured so a large video download can resume.
 */
export async function originalDownloadRoutes(
  instance: FastifyInstance,
  { downloadUrls, prepareFile }: { downloadUrls: DownloadUrlSigner; prepareFile: PrepareFile },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.deps;

  app.get(MATERIAL_PATHS.original, { schema: { querystring: ZOriginalMediaQuery } }, async (request, reply) => {
    const check = downloadUrls.verifyDownloadUrl(request.query);
    if (!check.ok) {
      throw new AppError(
        check.reason === 'expired' ? ErrorCode.DOWNLOAD_LINK_EXPIRED : ErrorCode.DOWNLOAD_LINK_INVALID,
      );
    }
    if (!isValidStorageKey(check.key)) throw new AppError(ErrorCode.NOT_FOUND);
    let info = await storage.stat(check.key);
    if (!info && (await prepareFile(check.key))) info = await storage.stat(check.key);
    if (!info) throw new AppError(ErrorCode.NOT_FOUND);

    const fileName = check.key.slice(check.key.lastIndexOf('/') + 1);
    const headers = {
      'content-type': info.contentType,
      // The link is personal and short-lived: no shared cache may keep the file.
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-disposition': `attachment; filename="${fileName}"`,
    };
    const range = parseRange(request.headers.range, info.bytes);
    if (range.kind === 'unsatisfiable') {
      return reply.code(416).headers(headers).header('content-range', `bytes */${info.bytes}`).send();
    }
    const byteRange = range.kind === 'ok' ? range.range : undefined;
    let body;
    try {
      body = await storage.getStream(check.key, byteRange);
    } catch (error) {
      if (error instanceof StorageNotFoundError) throw new AppError(ErrorCode.NOT_FOUND);
      throw error;
    }
    reply.headers(headers).header('content-length', byteRange ? byteRange.end - byteRange.start + 1 : info.bytes);
    if (byteRange) reply.code(206).header('content-range', `bytes ${byteRange.start}-${byteRange.end}/${info.bytes}`);
    return reply.send(body);
  });
}
