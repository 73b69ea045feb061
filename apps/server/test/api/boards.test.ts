import { BOARD_API, BOARD_LIMITS, CART_API, CART_MAX_ITEMS, ErrorCode } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardComments, boardItems, boards, cartItems, licences } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { countRows } from '../helpers/accounts.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { insertTestOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

interface Company {
  main: TestBuyer;
  sub: TestBuyer;
}

let companies = 0;
async function createCompany(): Promise<Company> {
  companies += 1;
  const main = await createBuyer(t, { company: `宝图珠宝${companies}`, name: '林经理' });
  const sub = await createBuyer(t, {
    level: 1,
    parentSid: main.sid,
    username: `sub${newSid(6)}`,
    email: null,
    name: '小周',
  });
  return { main, sub };
}

const create = (token: string, name: string) => injectApi(t, BOARD_API.create, { token, body: { name } });
const detail = (token: string, id: string) => injectApi(t, BOARD_API.detail, { token, params: { id } });
const add = (token: string, id: string, material: string, spec?: number) =>
  injectApi(t, BOARD_API.addItem, {
    token,
    params: { id },
    body: spec === undefined ? { material } : { material, spec },
  });
const materialSids = async (token: string, id: string) => (await detail(token, id)).data.items.map((i) => i.sid);

/** Every row of the boards' tables, to show a refused call changed nothing. */
async function boardTables() {
  return {
    boards: await countRows(t, 'boards'),
    items: await countRows(t, 'board_items'),
    comments: await countRows(t, 'board_comments'),
    shares: await countRows(t, 'board_shares'),
    cart: await countRows(t, 'cart_items'),
  };
}

describe('a company shares its boards', () => {
  it('needs a signed-in account', async () => {
    expect((await injectApi(t, BOARD_API.list)).code).toBe(ErrorCode.AUTH_REQUIRED.code);
    expect((await injectApi(t, BOARD_API.create, { body: { name: '戒指' } })).code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });

  it('a board a sub-account makes is the whole company’s, listed newest first a page at a time', async () => {
    const { main, sub } = await createCompany();
    const a = await create(sub.token, '  婚戒  ');
    expect(a.code).toBe(0);
    expect(a.data).toMatchObject({ name: '婚戒', itemCount: 0, creatorName: '小周', editable: true });
    const b = await create(main.token, '项链');
    const c = await create(sub.token, '耳饰');

    const first = await injectApi(t, BOARD_API.list, { token: main.token, query: { page_size: 2 } });
    expect(first.data.total).toBe(3);
    expect(first.data.boards.map((x) => x.sid)).toEqual([c.data.sid, b.data.sid]);
    expect(first.data.boards.every((x) => x.editable)).toBe(true);
    const next = await injectApi(t, BOARD_API.list, {
      token: sub.token,
      query: { page_size: 2, cursor: first.data.nextCursor! },
    });
    expect(next.data.boards.map((x) => x.sid)).toEqual([a.data.sid]);
    expect(next.data.nextCursor).toBeNull();
    // The sub-account may edit what it made, not what the main account made.
    const mine = await injectApi(t, BOARD_API.list, { token: sub.token });
    expect(Object.fromEntries(mine.data.boards.map((x) => [x.name, x.editable]))).toEqual({
      婚戒: true,
      项链: false,
      耳饰: true,
    });
  });

  it('the main account renames and deletes any board; a sub-account only its own', async () => {
    const { main, sub } = await createCompany();
    const ofMain = await create(main.token, '主账号的');
    const ofSub = await create(sub.token, '子账号的');
    const before = await boardTables();
    const rename = await injectApi(t, BOARD_API.rename, {
      token: sub.token,
      params: { id: ofMain.data.sid },
      body: { name: '改名' },
    });
    expect(rename.code).toBe(ErrorCode.BOARD_NOT_EDITABLE.code);
    expect(rename.message).toContain('主账号');
    const remove = await injectApi(t, BOARD_API.remove, { token: sub.token, params: { id: ofMain.data.sid } });
    expect(remove.code).toBe(ErrorCode.BOARD_NOT_EDITABLE.code);
    const share = await injectApi(t, BOARD_API.share, {
      token: sub.token,
      params: { id: ofMain.data.sid },
      body: { days: 7 },
    });
    expect(share.code).toBe(ErrorCode.BOARD_NOT_EDITABLE.code);
    expect(await boardTables()).toEqual(before);

    const renamed = await injectApi(t, BOARD_API.rename, {
      token: main.token,
      params: { id: ofSub.data.sid },
      body: { name: '主账号改的' },
    });
    expect(renamed.data).toMatchObject({ name: '主账号改的', creatorName: '小周' });
    const taken = await injectApi(t, BOARD_API.rename, {
      token: sub.token,
      params: { id: ofSub.data.sid },
      body: { name: '主账号的' },
    });
    expect(taken.code).toBe(ErrorCode.BOARD_NAME_TAKEN.code);
    expect((await create(main.token, '主账号的')).code).toBe(ErrorCode.BOARD_NAME_TAKEN.code);

    expect((await injectApi(t, BOARD_API.remove, { token: sub.token, params: { id: ofSub.data.sid } })).code).toBe(0);
    expect((await injectApi(t, BOARD_API.remove, { token: main.token, params: { id: ofMain.data.sid } })).code).toBe(0);
    expect((await injectApi(t, BOARD_API.list, { token: main.token })).data.total).toBe(0);
  });

  it('another company’s board answers 4440 to every call and nothing changes', async () => {
    const ours = await createCompany();
    const theirs = await createCompany();
    const m = await insertMaterial(t, { keywords: ['钻戒'] });
    const board = await create(theirs.sub.token, '别人的');
    await add(theirs.sub.token, board.data.sid, m.sid);
    const shared = await injectApi(t, BOARD_API.share, {
      token: theirs.main.token,
      params: { id: board.data.sid },
      body: { days: null },
    });
    const id = board.data.sid;
    const params = { id, material: m.sid };
    const before = await boardTables();
    for (const token of [ours.main.token, ours.sub.token]) {
      const answers = [
        await detail(token, id),
        await injectApi(t, BOARD_API.rename, { token, params: { id }, body: { name: '抢来的' } }),
        await injectApi(t, BOARD_API.remove, { token, params: { id } }),
        await add(token, id, m.sid),
        await injectApi(t, BOARD_API.removeItem, { token, params }),
        await injectApi(t, BOARD_API.moveItem, { token, params: { id }, body: { material: m.sid, after: null } }),
        await injectApi(t, BOARD_API.comments, { token, params }),
        await injectApi(t, BOARD_API.comment, { token, params, body: { body: '看看' } }),
        await injectApi(t, BOARD_API.buyAll, { token, params: { id } }),
        await injectApi(t, BOARD_API.share, { token, params: { id }, body: { days: 3 } }),
        await injectApi(t, BOARD_API.revokeShare, { token, params: { id, token: shared.data.token } }),
      ];
      for (const answer of answers) {
        expect(answer.code).toBe(ErrorCode.BOARD_NOT_FOUND.code);
        expect(answer.status).toBe(404);
        expect(answer.message).toBe('收藏夹不存在或不属于您的公司');
      }
    }
    expect(await boardTables()).toEqual(before);
    expect((await injectApi(t, BOARD_API.list, { token: ours.main.token })).data.boards).toEqual([]);
  });
});

describe('materials on a board', () => {
  it('adds with the material’s first licence type or a chosen one, refuses what is not offered or off sale', async () => {
    const { main, sub } = await createCompany();
    const board = await create(sub.token, '候选');
    const big = await insertMaterial(t, { keywords: ['钻戒', '婚礼'], pricesCents: { '2': 31_000 } });
    const small = await insertMaterial(t, { keywords: ['小图'], width: 1200, height: 900 });
    const off = await insertMaterial(t, { keywords: ['下架'], disabled: true });

    expect((await add(sub.token, board.data.sid, big.sid)).data.itemCount).toBe(1);
    const before = await boardTables();
    expect((await add(sub.token, board.data.sid, small.sid, 1)).code).toBe(ErrorCode.LICENCE_TYPE_NOT_OFFERED.code);
    expect((await add(sub.token, board.data.sid, off.sid)).code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
    expect((await add(sub.token, board.data.sid, 'nosuchmaterial01')).code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
    expect((await add(sub.token, board.data.sid, big.sid, 9)).status).toBe(400);
    expect(await boardTables()).toEqual(before);

    const shown = await detail(main.token, board.data.sid);
    expect(shown.data.items[0]).toMatchObject({ sid: big.sid, addedByName: '小周', commentCount: 0, disabled: false });
    expect(shown.data.items[0]!.spec).toBe(shown.data.items[0]!.authType[0]);
    // Adding again changes the licence type and keeps one line.
    expect((await add(main.token, board.data.sid, big.sid, 2)).data.itemCount).toBe(1);
    expect((await detail(main.token, board.data.sid)).data.items[0]).toMatchObject({ spec: 2, unitPrice: 31_000 });
  });

  it('reorders by moving one material after another, and takes one off with its comments', async () => {
    const { main, sub } = await createCompany();
    const board = await create(main.token, '排序');
    const id = board.data.sid;
    const [a, b, c] = [
      await insertMaterial(t, { keywords: ['甲'] }),
      await insertMaterial(t, { keywords: ['乙'] }),
      await insertMaterial(t, { keywords: ['丙'] }),
    ];
    for (const m of [a, b, c]) await add(sub.token, id, m.sid);
    expect(await materialSids(main.token, id)).toEqual([a.sid, b.sid, c.sid]);

    const move = (material: string, after: string | null) =>
      injectApi(t, BOARD_API.moveItem, { token: sub.token, params: { id }, body: { material, after } });
    expect((await move(c.sid, null)).code).toBe(0);
    expect(await materialSids(main.token, id)).toEqual([c.sid, a.sid, b.sid]);
    expect((await move(c.sid, a.sid)).code).toBe(0);
    expect(await materialSids(main.token, id)).toEqual([a.sid, c.sid, b.sid]);
    expect((await move(a.sid, b.sid)).code).toBe(0);
    expect(await materialSids(main.token, id)).toEqual([c.sid, b.sid, a.sid]);
    // Many moves into the same gap respace the board once the neighbours touch; the order holds.
    for (let i = 0; i < 25; i += 1) {
      await move(i % 2 === 0 ? a.sid : b.sid, c.sid);
    }
    expect(await materialSids(main.token, id)).toEqual([c.sid, a.sid, b.sid]);
    expect((await move('nosuchmaterial01', null)).code).toBe(ErrorCode.BOARD_ITEM_NOT_FOUND.code);
    expect((await move(a.sid, 'nosuchmaterial01')).code).toBe(ErrorCode.BOARD_ITEM_NOT_FOUND.code);
    expect((await move(a.sid, a.sid)).code).toBe(ErrorCode.BOARD_ITEM_NOT_FOUND.code);

    await injectApi(t, BOARD_API.comment, {
      token: main.token,
      params: { id, material: a.sid },
      body: { body: '客户喜欢' },
    });
    const removed = await injectApi(t, BOARD_API.removeItem, { token: sub.token, params: { id, material: a.sid } });
    expect(removed.data.itemCount).toBe(2);
    const comments = await t.database.db.select().from(boardComments);
    expect(comments.filter((x) => x.boardSid === id)).toEqual([]);
    const again = await injectApi(t, BOARD_API.removeItem, { token: sub.token, params: { id, material: a.sid } });
    expect(again.code).toBe(ErrorCode.BOARD_ITEM_NOT_FOUND.code);
  });

  it('comments per material with author and time, oldest first', async () => {
    const { main, sub } = await createCompany();
    const board = await create(main.token, '评论');
    const m = await insertMaterial(t, { keywords: ['手镯'] });
    await add(sub.token, board.data.sid, m.sid);
    const params = { id: board.data.sid, material: m.sid };
    const first = await injectApi(t, BOARD_API.comment, { token: sub.token, params, body: { body: ' 这张适合首页 ' } });
    expect(first.data).toMatchObject({ authorName: '小周', mine: true, body: '这张适合首页' });
    await injectApi(t, BOARD_API.comment, { token: main.token, params, body: { body: '同意' } });
    const list = await injectApi(t, BOARD_API.comments, { token: main.token, params });
    expect(list.data.comments.map((x) => [x.authorName, x.body, x.mine])).toEqual([
      ['小周', '这张适合首页', false],
      ['林经理', '同意', true],
    ]);
    expect(Date.parse(list.data.comments[0]!.createdAt)).not.toBeNaN();
    expect((await detail(main.token, board.data.sid)).data.items[0]!.commentCount).toBe(2);
    const notOnBoard = await insertMaterial(t, { keywords: ['别的'] });
    const stray = await injectApi(t, BOARD_API.comment, {
      token: main.token,
      params: { id: board.data.sid, material: notOnBoard.sid },
      body: { body: '你好' },
    });
    expect(stray.code).toBe(ErrorCode.BOARD_ITEM_NOT_FOUND.code);
  });
});

describe('limits are refused out loud, nothing cut', () => {
  it('boards per company, name length', async () => {
    const { main, sub } = await createCompany();
    await t.database.db.insert(boards).values(
      Array.from({ length: BOARD_LIMITS.boardsPerCompany - 1 }, (_, i) => ({
        sid: newSid(),
        ownerSid: main.sid,
        creatorSid: main.sid,
        name: `夹${i}`,
      })),
    );
    expect((await create(sub.token, '最后一个')).code).toBe(0);
    const before = await boardTables();
    const over = await create(main.token, '多一个');
    expect(over.code).toBe(ErrorCode.BOARD_LIMIT_REACHED.code);
    expect(over.message).toContain('50');
    const long = await create(main.token, '长'.repeat(BOARD_LIMITS.nameMax + 1));
    expect(long.code).toBe(ErrorCode.VALIDATION.code);
    expect(long.message).toContain('30');
    expect((await create(main.token, '   ')).code).toBe(ErrorCode.VALIDATION.code);
    expect(await boardTables()).toEqual(before);
  });

  it('materials per board, comment length and comments per material', async () => {
    const { main } = await createCompany();
    const board = await create(main.token, '满了');
    const id = board.data.sid;
    const fill = await Promise.all(
      Array.from({ length: BOARD_LIMITS.itemsPerBoard }, (_, i) => insertMaterial(t, { keywords: [`填充${i}`] })),
    );
    await t.database.db.insert(boardItems).values(
      fill.map((m, i) => ({
        boardSid: id,
        materialSid: m.sid,
        spec: 2,
        position: (i + 1) * 1024,
        addedBy: main.sid,
      })),
    );
    const extra = await insertMaterial(t, { keywords: ['多余'] });
    const before = await boardTables();
    const full = await add(main.token, id, extra.sid);
    expect(full.code).toBe(ErrorCode.BOARD_FULL.code);
    expect(full.message).toContain('200');

    const params = { id, material: fill[0]!.sid };
    const tooLong = await injectApi(t, BOARD_API.comment, {
      token: main.token,
      params,
      body: { body: '字'.repeat(BOARD_LIMITS.commentMax + 1) },
    });
    expect(tooLong.code).toBe(ErrorCode.VALIDATION.code);
    expect(tooLong.message).toContain('500');
    expect(await boardTables()).toEqual(before);

    await t.database.db.insert(boardComments).values(
      Array.from({ length: BOARD_LIMITS.commentsPerItem }, () => ({
        sid: newSid(),
        boardSid: id,
        materialSid: fill[0]!.sid,
        authorSid: main.sid,
        body: '好',
      })),
    );
    const over = await injectApi(t, BOARD_API.comment, { token: main.token, params, body: { body: '再说一句' } });
    expect(over.code).toBe(ErrorCode.BOARD_COMMENTS_FULL.code);
  });
});

describe('buy all on a board', () => {
  it('a sub-account collects three; the main account buys them with the licence each needs, skipping one off sale', async () => {
    const { main, sub } = await createCompany();
    const board = await create(sub.token, '本周上新');
    const id = board.data.sid;
    const ring = await insertMaterial(t, { keywords: ['戒指'], pricesCents: { '2': 31_000 } });
    const chain = await insertMaterial(t, { keywords: ['项链'] });
    const bangle = await insertMaterial(t, { keywords: ['手镯'] });
    await add(sub.token, id, ring.sid, 2);
    await add(sub.token, id, chain.sid);
    await add(sub.token, id, bangle.sid);
    await t.database.db.execute(`update materials set disabled = true where sid = '${bangle.sid}'`);

    const shown = await detail(main.token, id);
    expect(shown.data.items.find((i) => i.sid === bangle.sid)).toMatchObject({ disabled: true });
    const chainSpec = shown.data.items.find((i) => i.sid === chain.sid)!.authType[0];

    const bought = await injectApi(t, BOARD_API.buyAll, { token: main.token, params: { id } });
    expect(bought.code).toBe(0);
    expect(bought.data.added).toEqual([ring.sid, chain.sid]);
    expect(bought.data.skipped).toEqual([{ sid: bangle.sid, title: '手镯', reason: 'disabled' }]);
    expect(bought.data.count).toBe(2);
    const cart = await injectApi(t, CART_API.list, { token: main.token });
    expect(Object.fromEntries(cart.data.materials.map((m) => [m.sid, m.spec]))).toEqual({
      [ring.sid]: 2,
      [chain.sid]: chainSpec,
    });
    // The sub-account's own cart is untouched: buy all fills the caller's cart.
    expect((await injectApi(t, CART_API.list, { token: sub.token })).data.materials).toEqual([]);
  });

  it('skips a licence the company already holds; refuses when nothing is left or the cart has no room', async () => {
    const { main, sub } = await createCompany();
    const board = await create(main.token, '已购');
    const id = board.data.sid;
    const owned = await insertMaterial(t, { keywords: ['已购'] });
    const fresh = await insertMaterial(t, { keywords: ['新品'] });
    await add(main.token, id, owned.sid, 2);
    const { order } = await insertTestOrder(t, { status: 'PAYED', buyer: main });
    await t.database.db.insert(licences).values({
      sid: newSid(),
      certNo: `GS${newSid(10).toUpperCase()}`,
      ownerSid: main.sid,
      buyerSid: main.sid,
      orderSid: order.sid,
      materialSid: owned.sid,
      spec: 2,
    });
    const before = await boardTables();
    const nothing = await injectApi(t, BOARD_API.buyAll, { token: sub.token, params: { id } });
    expect(nothing.code).toBe(ErrorCode.BOARD_NOTHING_TO_BUY.code);
    expect(await boardTables()).toEqual(before);

    await add(main.token, id, fresh.sid);
    const filler = await Promise.all(
      Array.from({ length: CART_MAX_ITEMS }, (_, i) => insertMaterial(t, { keywords: [`购物车${i}`] })),
    );
    await t.database.db
      .insert(cartItems)
      .values(filler.map((m) => ({ userSid: sub.sid, materialSid: m.sid, spec: 2 })));
    const full = await boardTables();
    const noRoom = await injectApi(t, BOARD_API.buyAll, { token: sub.token, params: { id } });
    expect(noRoom.code).toBe(ErrorCode.BOARD_CART_TOO_SMALL.code);
    expect(await boardTables()).toEqual(full);

    const bought = await injectApi(t, BOARD_API.buyAll, { token: main.token, params: { id } });
    expect(bought.data.added).toEqual([fresh.sid]);
    expect(bought.data.skipped).toEqual([{ sid: owned.sid, title: '已购', reason: 'owned' }]);
  });
  it('boards bought at the same moment cannot pass the cart’s 100 together', async () => {
    const { main } = await createCompany();
    const perBoard = 5;
    const filler = await Promise.all(
      Array.from({ length: CART_MAX_ITEMS - perBoard }, (_, i) => insertMaterial(t, { keywords: [`并发${i}`] })),
    );
    await t.database.db
      .insert(cartItems)
      .values(filler.map((m) => ({ userSid: main.sid, materialSid: m.sid, spec: 2 })));
    // Each board alone fits the room left exactly; any two together would pass the cap.
    const ids: string[] = [];
    for (const name of ['甲', '乙', '丙', '丁', '戊', '己']) {
      const id = (await create(main.token, name)).data.sid;
      for (let i = 0; i < perBoard; i += 1) {
        await add(main.token, id, (await insertMaterial(t, { keywords: [`${name}${i}`] })).sid);
      }
      ids.push(id);
    }
    const answers = await Promise.all(
      ids.map((id) => injectApi(t, BOARD_API.buyAll, { token: main.token, params: { id } })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual(
      [0, ...Array(ids.length - 1).fill(ErrorCode.BOARD_CART_TOO_SMALL.code)].sort(),
    );
    expect((await injectApi(t, CART_API.list, { token: main.token })).data.materials).toHaveLength(CART_MAX_ITEMS);
  });
});

describe('a read-only link for a client', () => {
  it('shows watermarked previews only, no prices and no names; ends when revoked or expired', async () => {
    const { main, sub } = await createCompany();
    const board = await create(sub.token, '给客户看');
    const id = board.data.sid;
    const ring = await insertMaterial(t, { keywords: ['戒指'] });
    const off = await insertMaterial(t, { keywords: ['下架'] });
    await add(sub.token, id, ring.sid);
    await add(sub.token, id, off.sid);
    await t.database.db.execute(`update materials set disabled = true where sid = '${off.sid}'`);

    const link = await injectApi(t, BOARD_API.share, { token: sub.token, params: { id }, body: { days: 7 } });
    expect(link.code).toBe(0);
    expect(link.data.token).toMatch(/^[a-z0-9]{32}$/);
    expect(Date.parse(link.data.expiresAt!) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    expect((await detail(main.token, id)).data.shares.map((s) => s.token)).toEqual([link.data.token]);

    const seen = await injectApi(t, BOARD_API.shared, { params: { token: link.data.token } });
    expect(seen.code).toBe(0);
    expect(seen.data.name).toBe('给客户看');
    expect(seen.data.items).toHaveLength(2);
    expect(seen.data.items[0]).toMatchObject({ sid: ring.sid, title: '戒指', disabled: false });
    expect(seen.data.items[0]!.watermarkUrl).toBe((await detail(main.token, id)).data.items[0]!.watermarkUrl);
    expect(seen.data.items[1]).toMatchObject({ sid: off.sid, disabled: true, thumbUrl: null, watermarkUrl: null });
    const raw = JSON.stringify(seen.data);
    for (const secret of ['price', 'previewUrl', 'coverUrl', '小周', '林经理', 'unitPrice'])
      expect(raw).not.toContain(secret);

    const revoked = await injectApi(t, BOARD_API.revokeShare, {
      token: main.token,
      params: { id, token: link.data.token },
    });
    expect(revoked.code).toBe(0);
    const gone = await injectApi(t, BOARD_API.shared, { params: { token: link.data.token } });
    expect(gone.code).toBe(ErrorCode.BOARD_SHARE_NOT_FOUND.code);
    expect(gone.status).toBe(404);
    const twice = await injectApi(t, BOARD_API.revokeShare, {
      token: main.token,
      params: { id, token: link.data.token },
    });
    expect(twice.code).toBe(ErrorCode.BOARD_SHARE_NOT_FOUND.code);

    const lasting = await injectApi(t, BOARD_API.share, { token: main.token, params: { id }, body: { days: 1 } });
    await t.database.db.execute(
      `update board_shares set expires_at = now() - interval '1 second' where token = '${lasting.data.token}'`,
    );
    expect((await injectApi(t, BOARD_API.shared, { params: { token: lasting.data.token } })).code).toBe(
      ErrorCode.BOARD_SHARE_NOT_FOUND.code,
    );
    expect((await injectApi(t, BOARD_API.shared, { params: { token: 'a'.repeat(32) } })).code).toBe(
      ErrorCode.BOARD_SHARE_NOT_FOUND.code,
    );
    expect((await injectApi(t, BOARD_API.shared, { params: { token: 'short' } })).code).toBe(ErrorCode.VALIDATION.code);
  });

  it('at most five live links per board, a day count in range; the link page is rate-limited', async () => {
    const { main } = await createCompany();
    const board = await create(main.token, '限额');
    const id = board.data.sid;
    const tokens: string[] = [];
    for (let i = 0; i < BOARD_LIMITS.activeSharesPerBoard; i += 1) {
      tokens.push(
        (await injectApi(t, BOARD_API.share, { token: main.token, params: { id }, body: { days: null } })).data.token,
      );
    }
    const before = await boardTables();
    const sixth = await injectApi(t, BOARD_API.share, { token: main.token, params: { id }, body: { days: null } });
    expect(sixth.code).toBe(ErrorCode.BOARD_SHARES_FULL.code);
    const badDays = await injectApi(t, BOARD_API.share, { token: main.token, params: { id }, body: { days: 0 } });
    expect(badDays.code).toBe(ErrorCode.VALIDATION.code);
    expect(await boardTables()).toEqual(before);
    await injectApi(t, BOARD_API.revokeShare, { token: main.token, params: { id, token: tokens[0]! } });
    expect((await injectApi(t, BOARD_API.share, { token: main.token, params: { id }, body: { days: 30 } })).code).toBe(
      0,
    );

    const remoteAddress = '203.0.113.47';
    let limited = null;
    for (let i = 0; i < 70 && !limited; i += 1) {
      const res = await injectApi(t, BOARD_API.shared, { params: { token: tokens[1]! }, remoteAddress });
      if (res.status === 429) limited = res;
    }
    expect(limited?.code).toBe(ErrorCode.RATE_LIMITED.code);
  });
});
