import { COMMON_API, SERVICE_QR_API, SERVICE_QR_MAX_BYTES, SERVICE_QR_PATHS } from '@gemstock/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { route } from '../../plugins/route.js';
import type { ServiceContactService } from './service-contact.module.js';

/** What the local demo's sample QR says when scanned: that it is a sample, not a person. */
const DEMO_QR_TEXT =
  '宝图演示：这是示例客服二维码，不是真实客服。运营请在后台「客服设置」上传微信或企业微信客服二维码。';

/** The customer-service contact for buyers, and the operator's QR setting. */
export async function serviceContactRoutes(
  app: FastifyInstance,
  { serviceContact: contacts }: { serviceContact: ServiceContactService },
) {
  route(app, COMMON_API.service, async () => contacts.contact());

  let demoSvg: Promise<string> | undefined;
  app.get(SERVICE_QR_PATHS.demoQr, async (_request, reply) => {
    demoSvg ??= QRCode.toString(DEMO_QR_TEXT, { type: 'svg', margin: 1, width: 240 });
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=3600')
      .send(await demoSvg);
  });

  route(app, SERVICE_QR_API.setting, async () => contacts.setting());

  route(app, SERVICE_QR_API.upload, { bodyLimit: Math.ceil((SERVICE_QR_MAX_BYTES * 4) / 3) + 1024 }, async (request) =>
    contacts.upload(request.operator.sid, request.body.image),
  );

  route(app, SERVICE_QR_API.clear, async (request) => contacts.clear(request.operator.sid));
}
