import { UPLOAD_API } from '@gemstock/contract';
import { filePart, makeJpeg, multipartBody } from './admin.js';
import type { TestBuyer } from './factories.js';
import { injectApi } from './inject-api.js';
import type { TestApp } from './test-app.js';

let counter = 0;
/** Each upload from its own address, so the per-address upload limit never trips by accident. */
function nextAddress(): string {
  counter += 1;
  return `10.77.${(counter >> 8) & 255}.${counter & 255}`;
}

/** A JPEG uploaded the way the browser does (credentials, then the form POST); returns its key. */
export async function uploadImage(
  t: TestApp,
  buyer: TestBuyer,
  purpose: 'product' | 'logo' | 'reference',
  data?: Buffer,
): Promise<string> {
  const credentials = await injectApi(t, UPLOAD_API.token, {
    query: { purpose, content_type: 'image/jpeg' },
    token: buyer.token,
    remoteAddress: nextAddress(),
  });
  if (credentials.code !== 0) throw new Error(`upload credentials refused: ${credentials.message}`);
  const body = multipartBody([
    ...Object.entries(credentials.data.fields).map(([name, value]) => ({ name, value })),
    filePart(data ?? (await makeJpeg(800, 800)), 'photo.jpg', 'image/jpeg'),
  ]);
  const posted = await t.call({
    method: 'POST',
    url: credentials.data.upload_url,
    ...body,
    remoteAddress: nextAddress(),
  });
  if (posted.status >= 300) throw new Error(`upload refused: ${posted.status} ${posted.raw}`);
  return credentials.data.key;
}
