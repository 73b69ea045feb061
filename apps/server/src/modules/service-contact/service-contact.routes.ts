import {
  COMMON_PATHS,
  SERVICE_QR_MAX_BYTES,
  SERVICE_QR_PATHS,
  ZServiceQrSetting,
  ZServiceQrUpload,
  ZServiceResponse,
  zEnvelope,
} from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { ok } from '../../plugins/envelope.js';
import { ServiceContactService } from './service-contact.service.js';

/** What the local demo's sample QR says when scanned: that it is a sample, not a person. */
const DEMO_QR_TEXT =
  '宝图演示：这是示例客服二维码，不是真实客服。运营请在后台「客服设置」上传微信或企业微信客服二维码。';

/** The customer-service contact for buyers, and the operator's QR setting. */
export async function serviceContactRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { config, db, storage } = app.deps;
  const contacts = new ServiceContactService({ db, storage, config });

  app.get(COMMON_PATHS.service, { schema: { response: { 200: zEnvelope(ZServiceResponse) } } }, async () =>
    ok(await contacts.contact()),
  );

  let demoSvg: Promise<string> | undefined;
  app.get(SERVICE_QR_PATHS.demoQr, async (_request, reply) => {
    demoSvg ??= QRCode.toString(DEMO_QR_TEXT, { type: 'svg', margin: 1, width: 240 });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(await demoSvg);
  });

  const operatorSid = (request: { operator: { sid: string } | null }) => request.operator!.sid;
  const settingEnvelope = { 200: zEnvelope(ZServiceQrSetting) };

  app.get(SERVICE_QR_PATHS.admin, { onRequest: app.requireOperator, schema: { response: settingEnvelope } }, async () =>
    ok(await contacts.setting()),
  );

  app.put(
    SERVICE_QR_PATHS.admin,
    {
      onRequest: app.requireOperator,
      bodyLimit: Math.ceil((SERVICE_QR_MAX_BYTES * 4) / 3) + 1024,
      schema: { body: ZServiceQrUpload, response: settingEnvelope },
    },
    async (request) => ok(await contacts.upload(operatorSid(request), request.body.image)),
  );

  app.delete(
    SERVICE_QR_PATHS.admin,
    { onRequest: app.requireOperator, schema: { response: settingEnvelope } },
    async (request) => ok(await contacts.clear(operatorSid(request))),
  );
}
