import { ErrorCode, SERVICE_QR_PATHS, type TServiceQrSetting, type TServiceResponse } from '@gemstock/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { contentHash } from '../../media/keys.js';
import { prepareServiceQrImage } from '../../media/service-qr-image.js';
import type { Storage } from '../../media/storage.js';
import { recordOperatorAction } from '../audit/index.js';
import { deleteSiteSetting, findSiteSetting, saveSiteSetting } from './site-settings.repository.js';

const SETTING_KEY = 'service_qr';

interface StoredQr {
  key: string;
}

export interface ServiceContactDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'publicUrl' | 'serviceQrUrl' | 'servicePhone' | 'serviceEmail'>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The local demo: PUBLIC_URL on this machine (or unset). Anything else is a real deployment. */
export function isLocalDemo(publicUrl: string): boolean {
  const host = new URL(publicUrl).hostname;
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');
}

async function uploadedQr(deps: ServiceContactDeps): Promise<{ url: string; updatedAt: Date } | null> {
  const row = await findSiteSetting(deps.db, SETTING_KEY);
  const key = (row?.value as StoredQr | undefined)?.key;
  if (!row || !key) return null;
  const url = deps.storage.publicUrl(key);
  return url ? { url, updatedAt: row.updatedAt } : null;
}

/**
 * How buyers reach customer service (spec §1: "through a QR code"). In order: the QR picture an
 * operator uploaded in the console; SERVICE_QR_URL; in the local demo a sample QR marked 演示;
 * on a real deployment without either, the written contact (SERVICE_PHONE / SERVICE_EMAIL) —
 * never a QR that leads somewhere else than a person.
 */
export async function contact(deps: ServiceContactDeps): Promise<TServiceResponse> {
  const { config } = deps;
  const written = { phone: config.servicePhone, email: config.serviceEmail };
  const uploaded = await uploadedQr(deps);
  if (uploaded) return { service: uploaded.url, demo: false, ...written };
  if (config.serviceQrUrl) return { service: config.serviceQrUrl, demo: false, ...written };
  if (isLocalDemo(config.publicUrl)) return { service: SERVICE_QR_PATHS.demoQr, demo: true, ...written };
  return { service: null, demo: false, ...written };
}

export async function setting(deps: ServiceContactDeps): Promise<TServiceQrSetting> {
  const { config } = deps;
  const uploaded = await uploadedQr(deps);
  if (uploaded) {
    return { source: 'uploaded', qrUrl: uploaded.url, updatedAt: uploaded.updatedAt.toISOString(), warning: null };
  }
  if (config.serviceQrUrl) return { source: 'environment', qrUrl: config.serviceQrUrl, updatedAt: null, warning: null };
  if (isLocalDemo(config.publicUrl)) {
    return {
      source: 'demo',
      qrUrl: SERVICE_QR_PATHS.demoQr,
      updatedAt: null,
      warning: '尚未上传客服二维码：买家看到的是标注“演示”的示例二维码，请上传微信或企业微信客服二维码。',
    };
  }
  const hasWritten = Boolean(config.servicePhone || config.serviceEmail);
  return {
    source: hasWritten ? 'contact' : 'none',
    qrUrl: null,
    updatedAt: null,
    warning: hasWritten
      ? '尚未上传客服二维码：买家只能看到文字联系方式（SERVICE_PHONE / SERVICE_EMAIL），请上传微信或企业微信客服二维码。'
      : '尚未上传客服二维码，也未配置 SERVICE_PHONE / SERVICE_EMAIL：买家无法联系客服，请尽快上传客服二维码。',
  };
}

export async function upload(
  deps: ServiceContactDeps,
  operatorSid: string,
  dataUrl: string,
): Promise<TServiceQrSetting> {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const checked = await prepareServiceQrImage(bytes);
  if (!checked.ok) {
    throw new AppError(checked.reason === 'bad_size' ? ErrorCode.SERVICE_QR_BAD_SIZE : ErrorCode.SERVICE_QR_NOT_IMAGE);
  }
  const key = `public/settings/service-qr-${contentHash(checked.png)}.png`;
  await deps.storage.put(key, checked.png, 'image/png');
  const before = await findSiteSetting(deps.db, SETTING_KEY);
  await deps.db.transaction(async (tx) => {
    await saveSiteSetting(tx, SETTING_KEY, { key } satisfies StoredQr, operatorSid);
    await recordOperatorAction(tx, {
      operatorSid,
      action: 'settings.service_qr.upload',
      entity: 'settings',
      entitySid: SETTING_KEY,
      before: before ? (before.value as StoredQr) : null,
      after: { key },
    });
  });
  return setting(deps);
}

export async function clear(deps: ServiceContactDeps, operatorSid: string): Promise<TServiceQrSetting> {
  await deps.db.transaction(async (tx) => {
    const removed = await deleteSiteSetting(tx, SETTING_KEY);
    if (removed) {
      await recordOperatorAction(tx, {
        operatorSid,
        action: 'settings.service_qr.clear',
        entity: 'settings',
        entitySid: SETTING_KEY,
        before: removed.value as StoredQr,
        after: null,
      });
    }
  });
  return setting(deps);
}
