import {
  ADMIN_CONTENT_API,
  CONTENT_API,
  CONTENT_BODY_MAX,
  CONTENT_KEY_LABEL,
  type ContentKey,
  ORDER_API,
  OperatorRole,
  USER_API,
  VIP_MONTHLY_FEE_CENTS,
  endpointUrl,
} from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { auditLogs, changeFeed, contentConsents, contentVersions } from '../../src/db/schema/index.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { countRows, nextIp, obtainCode, uniqueEmail } from '../helpers/accounts.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createCompanyBuyer, createMaterials } from '../helpers/money.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let editor: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  editor = await createTestOperator(t, '内容编辑', [OperatorRole.CONTENT]);
  finance = await createTestOperator(t, '财务', [OperatorRole.FINANCE]);
});
afterAll(async () => t.close());

const published = (key: string) => injectApi(t, CONTENT_API.published, { params: { key } });
const versionRows = (key: string) => t.database.db.select().from(contentVersions).where(eq(contentVersions.key, key));
const save = (key: string, body: { title: string; body: string; base: number }, token = editor.token) =>
  injectApi(t, ADMIN_CONTENT_API.saveDraft, { params: { key }, body, token });
const publish = (key: string, version: number) =>
  injectApi(t, ADMIN_CONTENT_API.publish, { params: { key }, body: { version }, token: editor.token });

/** Publishes a new text of `key` on top of whatever it has; answers its version. */
async function publishNew(key: string, body: string): Promise<number> {
  const history = await injectApi(t, ADMIN_CONTENT_API.versions, { params: { key }, query: {}, token: editor.token });
  const draft = await save(key, {
    title: CONTENT_KEY_LABEL[key as ContentKey],
    body,
    base: history.data.versions[0]!.version,
  });
  expect((await publish(key, draft.data.version)).code).toBe(0);
  return draft.data.version;
}

describe('GET /api/content/:key — what the site shows', () => {
  it('serves version 1 of each document, the text the site had as code, as HTML', async () => {
    const faq = await published('faq');
    expect(faq.code).toBe(0);
    expect(faq.data).toMatchObject({ key: 'faq', title: '常见问题', version: 1 });
    expect(faq.data.html).toContain('<h2 class="gs-faq-group">授权许可</h2>');
    expect(faq.data.html).toContain(
      '<summary class="gs-faq-question"><span class="gs-faq-arrow"></span>平台提供哪几种授权类型？</summary>',
    );
    expect(faq.data.html).toContain(`月费 ¥${(VIP_MONTHLY_FEE_CENTS / 100).toLocaleString('en-US')}.00`);
    const agreement = await published('user_agreement');
    expect(agreement.data.html).toContain('<h2>一、服务内容</h2>');
    // the licence agreement names each licence's use, a video's without print
    const licence = await published('licence_agreement');
    expect(licence.data.html).toContain('视频素材——扩展授权：网络、户外广告及线下大屏播放');
    expect(licence.data.html).toContain('含本素材一次高级定制，无需另付');
  });

  it('refuses a key no document has with 4320', async () => {
    const res = await published('no_such_doc');
    expect([res.status, res.code, res.message]).toEqual([404, 4320, '内容不存在']);
  });
});

describe('内容管理 — drafts, publishing, rolling back', () => {
  it('lists every document with its published version', async () => {
    const res = await injectApi(t, ADMIN_CONTENT_API.documents, { token: editor.token });
    expect(res.data.documents.map((d) => d.key)).toEqual([
      'faq',
      'xiaohongshu',
      'user_agreement',
      'privacy_guide',
      'licence_agreement',
      'download_licence',
      'vip_agreement',
    ]);
    expect(res.data.documents.every((d) => d.publishedVersion >= 1)).toBe(true);
  });

  it('saves a draft the site does not show, publishes it (audited), and the site shows it at once', async () => {
    await published('xiaohongshu'); // cached now
    const draft = await save('xiaohongshu', { title: '小红书', body: '## 新品上线\n\n**本周**推荐', base: 1 });
    expect(draft.code).toBe(0);
    expect(draft.data).toMatchObject({ version: 2, state: 'draft', createdBy: '内容编辑' });
    expect(draft.data.html).toContain('<strong>本周</strong>');
    expect((await published('xiaohongshu')).data.version).toBe(1);

    // a second save replaces the draft's text, same version
    const again = await save('xiaohongshu', { title: '小红书专区', body: '## 新品上线\n\n本周推荐：钻戒', base: 2 });
    expect(again.data.version).toBe(2);
    expect(await versionRows('xiaohongshu')).toHaveLength(2);

    const res = await publish('xiaohongshu', 2);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ version: 2, state: 'published', publishedBy: '内容编辑' });
    const shown = await published('xiaohongshu');
    expect(shown.data).toMatchObject({ version: 2, title: '小红书专区' });
    expect(shown.data.html).toContain('本周推荐：钻戒');

    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entitySid, 'xiaohongshu'), eq(auditLogs.action, 'content.publish')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorSid: editor.sid, before: { version: 1 }, after: { version: 2 } });
  });

  it('rolls back by publishing the old text again as a new version, audited, with history and who/when', async () => {
    const res = await injectApi(t, ADMIN_CONTENT_API.rollback, {
      params: { key: 'xiaohongshu' },
      body: { version: 1 },
      token: editor.token,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ version: 3, state: 'published', restoredFrom: 1 });
    expect((await published('xiaohongshu')).data).toMatchObject({ version: 3, title: '小红书' });
    expect((await published('xiaohongshu')).data.html).toContain('小红书专区即将上线');

    const history = await injectApi(t, ADMIN_CONTENT_API.versions, {
      params: { key: 'xiaohongshu' },
      query: { page_size: 2 },
      token: editor.token,
    });
    expect(history.data.versions.map((v) => [v.version, v.state])).toEqual([
      [3, 'published'],
      [2, 'earlier'],
    ]);
    expect(history.data.versions[0]).toMatchObject({ createdBy: '内容编辑', publishedBy: '内容编辑' });
    const next = await injectApi(t, ADMIN_CONTENT_API.versions, {
      params: { key: 'xiaohongshu' },
      query: { page_size: 2, cursor: history.data.nextCursor! },
      token: editor.token,
    });
    expect(next.data.versions.map((v) => v.version)).toEqual([1]);
    expect(next.data.nextCursor).toBeNull();
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'content.rollback'));
    expect(audit[0]).toMatchObject({ after: { version: 3, restoredFrom: 1 } });
  });

  it('refuses to roll back to the version shown (4323), to publish a version that is not the draft (4322) or does not exist (4321)', async () => {
    const before = await countRows(t, 'content_versions');
    const same = await injectApi(t, ADMIN_CONTENT_API.rollback, {
      params: { key: 'xiaohongshu' },
      body: { version: 3 },
      token: editor.token,
    });
    expect(same.code).toBe(4323);
    expect((await publish('xiaohongshu', 1)).code).toBe(4322);
    expect((await publish('xiaohongshu', 99)).code).toBe(4321);
    expect(await countRows(t, 'content_versions')).toBe(before);
  });

  it('refuses a draft saved from a version that is no longer the newest (4324): nothing is overwritten', async () => {
    const res = await save('xiaohongshu', { title: '旧稿', body: '旧的编辑', base: 2 });
    expect(res.code).toBe(4324);
    expect(await versionRows('xiaohongshu')).toHaveLength(3);
  });
});

describe('bad input is refused out loud, nothing changed', () => {
  it('an empty title, an empty body, a body over the limit, an unknown key', async () => {
    const before = await countRows(t, 'content_versions');
    const noTitle = await save('faq', { title: '   ', body: '正文', base: 1 });
    expect([noTitle.code, noTitle.message]).toEqual([1001, '请填写标题']);
    const noBody = await save('faq', { title: '常见问题', body: '  \n ', base: 1 });
    expect(noBody.message).toBe('请填写正文');
    const huge = await save('faq', { title: '常见问题', body: '字'.repeat(CONTENT_BODY_MAX + 1), base: 1 });
    expect([huge.status, huge.code]).toEqual([400, 1001]);
    expect(huge.message).toBe('正文不能超过 60,000 个字符，请删减后再保存');
    const unknown = await save('nope', { title: '标题', body: '正文', base: 1 });
    expect(unknown.code).toBe(4320);
    expect(await countRows(t, 'content_versions')).toBe(before);
  });
});

describe('who may edit', () => {
  it('refuses a buyer-side visitor, and an operator without the content role (2050)', async () => {
    const anonymous = await t.call({ method: 'GET', url: endpointUrl(ADMIN_CONTENT_API.documents) });
    expect(anonymous.status).toBe(401);
    const res = await save('faq', { title: '常见问题', body: '财务改的', base: 1 }, finance.token);
    expect(res.code).toBe(2050);
    const admin = await createTestOperator(t, '管理员');
    expect((await injectApi(t, ADMIN_CONTENT_API.documents, { token: admin.token })).code).toBe(0);
  });
});

describe('sanitised: no script reaches a page', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[点我](javascript:alert(1))',
    '[点我](JaVaScRiPt:alert(1))',
    '![图](javascript:alert(1))',
    '<a href="javascript:alert(1)" onclick="alert(1)">链接</a>',
    '[数据](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  ].join('\n\n');

  function assertHarmless(html: string) {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    expect(html).not.toMatch(/<a[^>]*href="\s*javascript:/i);
    expect(html).not.toMatch(/<img[^>]*src="\s*javascript:/i);
    expect(html).not.toMatch(/<a[^>]*href="data:/i);
  }

  it('in the preview, in the saved draft, and on the published page', async () => {
    const preview = await injectApi(t, ADMIN_CONTENT_API.preview, {
      body: { key: 'faq', body: `## 组\n### 问\n${hostile}` },
      token: editor.token,
    });
    assertHarmless(preview.data.html);
    // typed HTML is shown as text, not dropped silently
    expect(preview.data.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    const draft = await save('privacy_guide', { title: '个人信息保护指引', body: hostile, base: 1 });
    expect(draft.code).toBe(0);
    assertHarmless(draft.data.html);
    await publish('privacy_guide', draft.data.version);
    assertHarmless((await published('privacy_guide')).data.html);
  });

  it('keeps ordinary links, opened apart from the site', async () => {
    const preview = await injectApi(t, ADMIN_CONTENT_API.preview, {
      body: { key: 'user_agreement', body: '[官网](https://www.example.cn)' },
      token: editor.token,
    });
    expect(preview.data.html).toContain(
      '<a href="https://www.example.cn" target="_blank" rel="noopener noreferrer nofollow">官网</a>',
    );
  });
});

describe('another server shows a publish without a restart', () => {
  it('forgets its copy when the change feed announces the content channel', async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), 'gemstock-media-'));
    const second = await buildApp({
      config: t.config,
      db: t.database.db,
      messages: new DevOutboxSender(t.database.db),
      storage: new LocalDiskStorage(mediaDir),
      logger: false,
    });
    await second.ready();
    try {
      const read = async () =>
        (
          await second.inject({ method: 'GET', url: endpointUrl(CONTENT_API.published, { params: { key: 'faq' } }) })
        ).json<{
          data: { version: number; html: string };
        }>().data;
      expect((await read()).version).toBe(1); // the second server keeps it now

      const draft = await save('faq', { title: '常见问题', body: '## 新分组\n### 新问题\n新答案', base: 1 });
      await publish('faq', draft.data.version);
      const feed = await t.database.db.select().from(changeFeed).where(eq(changeFeed.channel, 'content'));
      expect(feed.length).toBeGreaterThan(0);
      expect(feed.at(-1)!.origin).toBe(t.app.deps.changes.origin);
      expect((await read()).version).toBe(1); // not told yet: its copy

      // what server.ts's ChangeListener calls when another server's notification arrives
      second.services.content.forgetPublished();
      const after = await read();
      expect(after.version).toBe(draft.data.version);
      expect(after.html).toContain('新答案');
    } finally {
      await second.close();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});

describe('consent records the version agreed to', () => {
  it('registration records the user agreement and privacy guide versions shown', async () => {
    const email = uniqueEmail('consent');
    const code = await obtainCode(t, { email });
    const shownPrivacy = (await published('privacy_guide')).data.version;
    const res = await injectApi(t, USER_API.register, {
      body: {
        email,
        code,
        password: 'Passw0rd-123',
        agreement: true,
        adult: true,
        agreement_versions: { user_agreement: 1, privacy_guide: shownPrivacy },
      },
      remoteAddress: nextIp(),
    });
    expect(res.code).toBe(0);
    const me = await injectApi(t, USER_API.me, { token: res.data.access_token });
    const rows = await t.database.db
      .select()
      .from(contentConsents)
      .where(eq(contentConsents.userSid, me.data.user.sid));
    expect(rows.map((r) => [r.documentKey, r.version, r.context]).sort()).toEqual(
      [
        ['privacy_guide', shownPrivacy, 'register'],
        ['user_agreement', 1, 'register'],
      ].sort(),
    );
  });

  it('refuses a registration that ticked an older text (4325): no account is made', async () => {
    const shown = (await published('privacy_guide')).data.version;
    await publishNew('privacy_guide', '新的个人信息保护指引');
    const email = uniqueEmail('outdated');
    const code = await obtainCode(t, { email });
    const users = await countRows(t, 'users');
    const res = await injectApi(t, USER_API.register, {
      body: {
        email,
        code,
        password: 'Passw0rd-123',
        agreement: true,
        adult: true,
        agreement_versions: { user_agreement: 1, privacy_guide: shown }, // the guide changed since
      },
      remoteAddress: nextIp(),
    });
    expect(res.code).toBe(4325);
    expect(await countRows(t, 'users')).toBe(users);
  });

  it('the contract tick and the VIP agreement are recorded with their orders, and an operator sees them', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await injectApi(t, ORDER_API.placeMaterial, {
      body: { materials: { [m!.sid]: 2 }, source: null, agreement_version: 1 },
      token: buyer.token,
    });
    expect(order.code).toBe(0);
    const vip = await injectApi(t, ORDER_API.placeWallet, {
      body: { price: VIP_MONTHLY_FEE_CENTS, source: null },
      token: buyer.token,
    });
    expect(vip.code).toBe(0);

    const service = await createTestOperator(t, '客服', [OperatorRole.SERVICE]);
    const res = await injectApi(t, ADMIN_CONTENT_API.consents, {
      query: { company: buyer.sid },
      token: service.token,
    });
    expect(res.data.consents.map((c) => [c.key, c.version, c.context, c.orderSid])).toEqual([
      ['vip_agreement', 1, 'vip', vip.data.order.sid],
      ['licence_agreement', 1, 'order', order.data.order.sid],
    ]);
    // the text a consent names, for the dispute
    const text = await injectApi(t, ADMIN_CONTENT_API.version, {
      params: { key: 'licence_agreement', version: '1' },
      token: service.token,
    });
    expect(text.data.body).toContain('许可性质');
  });

  it('refuses an order whose contract dialog showed an older licence agreement (4325), placing nothing', async () => {
    await publishNew('licence_agreement', '新的协议正文');
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const orders = await countRows(t, 'orders');
    const res = await injectApi(t, ORDER_API.placeMaterial, {
      body: { materials: { [m!.sid]: 2 }, source: null, agreement_version: 1 },
      token: buyer.token,
    });
    expect(res.code).toBe(4325);
    expect(await countRows(t, 'orders')).toBe(orders);
  });
});
