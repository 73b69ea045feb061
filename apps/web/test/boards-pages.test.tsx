import { BOARD_LIMITS, BOARD_ROUTES, LicenceType, type TBoardItem, type TBoardSummary } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// the dialogs a page loads when first opened, loaded with the test file so that no test waits for them
import '@/features/board/components/board-name-modal';
import '@/features/board/components/comments-drawer';
import '@/features/board/components/share-panel';
import { AddToBoardModal } from '@/features/board/components/add-to-board-modal';
import BoardPage from '@/features/board/routes/board-page';
import BoardsPage from '@/features/board/routes/boards-page';
import SharedBoardPage from '@/features/board/routes/shared-board-page';
import { notify } from '@/lib/notify';
import { boardOf, materialOf, signIn, userOf } from './factories';
import { type ApiCall, type ApiHandler, callsOf, isCall, ok, serveApi } from './fake-api';

/**
 * 团队收藏夹 (decision 0047), drawn without antd: the company's boards, one board, the board
 * picker a tile or the detail page opens, and the page a client opens by link.
 */

function itemOf(sid: string, title: string, values: Partial<TBoardItem> = {}): TBoardItem {
  return {
    ...materialOf({ sid, keywords: [title] }),
    spec: LicenceType.STANDARD,
    unitPrice: 19_900,
    position: 1,
    addedByName: '王小明',
    commentCount: 0,
    addedAt: '2026-11-20T02:00:00.000Z',
    ...values,
  };
}

const fail = (status: number, code: number, message: string) => ({ status, body: { code, data: null, message } });
const listOf = (boards: TBoardSummary[]) => ok({ total: boards.length, totalCapped: false, nextCursor: null, boards });

let calls: ApiCall[] = [];
const serve = (handler: ApiHandler) => {
  calls = serveApi(handler);
};

function renderAt(path: string, element: ReactNode, route = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="/cart" element={<p>购物车页</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  signIn(userOf({}));
  vi.spyOn(notify, 'success').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/user/board', () => {
  const mine = boardOf();
  const colleagues = boardOf({ sid: 'brd0000000000002', name: '客户甲', creatorName: '李四', editable: false });

  it("lists the company's boards; a board another account made is read-only here", async () => {
    serve((call) => (isCall(call, BOARD_ROUTES.list) ? listOf([mine, colleagues]) : undefined));
    renderAt('/user/board', <BoardsPage />);
    const list = await screen.findByRole('list', { name: '公司的收藏夹' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: '春季婚戒' }).getAttribute('href')).toBe(
      '/user/board/brd0000000000001',
    );
    expect(within(first!).getByRole('button', { name: '删除「春季婚戒」' })).toBeTruthy();
    expect(within(second!).getByText('仅创建者和主账号可修改')).toBeTruthy();
    expect(within(second!).queryByRole('button')).toBeNull();
  });

  it('asks before deleting, naming what goes with the board; 取消 sends nothing', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.list)) return listOf([mine]);
      if (isCall(call, BOARD_ROUTES.remove, { id: mine.sid })) return ok(null);
      return undefined;
    });
    renderAt('/user/board', <BoardsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '删除「春季婚戒」' }));
    const dialog = screen.getByRole('dialog', { name: '删除收藏夹「春季婚戒」' });
    expect(dialog.textContent).toContain('3 个素材、它们的评论和分享链接都会一起删除');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(callsOf(calls, BOARD_ROUTES.remove)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '删除「春季婚戒」' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: /删除收藏夹/ })).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(callsOf(calls, BOARD_ROUTES.remove)).toHaveLength(1));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已删除收藏夹'));
  });

  it('a new board needs a name within the limit before anything is sent, and keeps what was typed', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.list)) return listOf([]);
      if (isCall(call, BOARD_ROUTES.create)) return ok(boardOf({ name: '七夕', itemCount: 0 }));
      return undefined;
    });
    renderAt('/user/board', <BoardsPage />);
    expect(await screen.findByText(/还没有收藏夹/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '新建收藏夹' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '新建收藏夹' });
    const field = within(dialog).getByLabelText('收藏夹名称');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('请输入收藏夹名称');

    const long = '婚'.repeat(BOARD_LIMITS.nameMax + 1);
    fireEvent.change(field, { target: { value: long } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(`收藏夹名称最多 ${BOARD_LIMITS.nameMax} 个字`);
    expect((field as HTMLInputElement).value).toBe(long);
    expect(callsOf(calls, BOARD_ROUTES.create)).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' 七夕 ' } });
    fireEvent.submit(field.closest('form')!);
    await waitFor(() => expect(callsOf(calls, BOARD_ROUTES.create)[0]?.body).toEqual({ name: '七夕' }));
  });

  it('a list that failed to load offers 重试, not "no boards yet"', async () => {
    let failing = true;
    serve((call) => {
      if (!isCall(call, BOARD_ROUTES.list)) return undefined;
      return failing ? fail(500, 1000, '服务暂时不可用') : listOf([mine]);
    });
    renderAt('/user/board', <BoardsPage />);
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('收藏夹加载失败')).toBeTruthy();
    expect(screen.queryByText(/还没有收藏夹/)).toBeNull();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('link', { name: '春季婚戒' })).toBeTruthy();
  });
});

describe('/user/board/:sid', () => {
  const board = boardOf();
  const items = [itemOf('mat0000000000001', '玫瑰金对戒'), itemOf('mat0000000000002', '铂金钻戒', { commentCount: 2 })];
  items.push(itemOf('mat0000000000003', '红宝石戒指', { disabled: true }));
  const detail = (values: { shares?: unknown[]; editable?: boolean } = {}) =>
    ok({
      board: { ...board, editable: values.editable ?? true },
      items,
      shares: values.shares ?? [],
    });
  const renderBoard = () => renderAt(`/user/board/${board.sid}`, <BoardPage />, '/user/board/:sid');

  it('moves a material one place up or down with a single call; the ends cannot move further', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.detail)) return detail();
      if (isCall(call, BOARD_ROUTES.moveItem)) return ok(null);
      return undefined;
    });
    renderBoard();
    expect(((await screen.findByRole('button', { name: /^前移 玫瑰金对戒/ })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: /^后移 红宝石戒指/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^前移 红宝石戒指/ }));
    await waitFor(() =>
      expect(callsOf(calls, BOARD_ROUTES.moveItem)[0]?.body).toEqual({
        material: 'mat0000000000003',
        after: 'mat0000000000001',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^前移 铂金钻戒/ }));
    await waitFor(() =>
      expect(callsOf(calls, BOARD_ROUTES.moveItem)[1]?.body).toEqual({ material: 'mat0000000000002', after: null }),
    );
  });

  it('全部加入购物车 names each material it skipped and why', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.detail)) return detail();
      if (isCall(call, BOARD_ROUTES.buyAll))
        return ok({
          added: ['mat0000000000001'],
          skipped: [
            { sid: 'mat0000000000003', title: '红宝石戒指', reason: 'disabled' },
            { sid: 'mat0000000000002', title: '铂金钻戒', reason: 'owned' },
          ],
          count: 1,
        });
      return undefined;
    });
    renderBoard();
    expect((await screen.findByRole('status')).textContent).toContain('1 个素材已下架');
    fireEvent.click(screen.getByRole('button', { name: '全部加入购物车' }));
    const dialog = await screen.findByRole('dialog', { name: '已加入购物车' });
    expect(dialog.textContent).toContain('已将 1 个素材按各自的授权类型加入购物车');
    expect(dialog.textContent).toContain('1 个素材已下架，未加入：红宝石戒指');
    expect(dialog.textContent).toContain('1 个素材公司已购买，无需重复购买：铂金钻戒');
    fireEvent.click(within(dialog).getByRole('button', { name: '去购物车' }));
    expect(await screen.findByText('购物车页')).toBeTruthy();
  });

  it('removing a material asks first and says its comments go with it', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.detail)) return detail();
      if (isCall(call, BOARD_ROUTES.removeItem)) return ok(null);
      return undefined;
    });
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: /^移除 铂金钻戒/ }));
    const dialog = screen.getByRole('dialog', { name: '从收藏夹移除' });
    expect(dialog.textContent).toMatch(/将「铂金钻戒图片」移出「春季婚戒」，它的 2 条评论也会一起删除/);
    fireEvent.click(within(dialog).getByRole('button', { name: '移除' }));
    await waitFor(() =>
      expect(callsOf(calls, BOARD_ROUTES.removeItem, { id: board.sid, material: 'mat0000000000002' })).toHaveLength(1),
    );
  });

  it('comments: shows who wrote what, and sends the trimmed text', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.detail)) return detail();
      if (isCall(call, BOARD_ROUTES.comments))
        return ok({
          comments: [{ sid: 'c1', authorName: '李四', mine: false, body: '客户喜欢这款', createdAt: board.createdAt }],
        });
      if (isCall(call, BOARD_ROUTES.comment))
        return ok({ sid: 'c2', authorName: '王小明', mine: true, body: '好', createdAt: board.createdAt });
      return undefined;
    });
    renderBoard();
    fireEvent.click(await screen.findByRole('button', { name: '评论 2' }));
    const drawer = await screen.findByRole('dialog', { name: /^评论：铂金钻戒/ });
    const list = await within(drawer).findByRole('list', { name: '评论' });
    expect(list.textContent).toContain('李四');
    expect(list.textContent).toContain('客户喜欢这款');
    fireEvent.change(within(drawer).getByLabelText('评论内容'), { target: { value: '  好  ' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '发送' }));
    await waitFor(() => expect(callsOf(calls, BOARD_ROUTES.comment)[0]?.body).toEqual({ body: '好' }));
  });

  it('the share links are folded away, and only for who may share the board', async () => {
    const share = { token: 'a'.repeat(32), expiresAt: null, createdAt: board.createdAt };
    serve((call) => (isCall(call, BOARD_ROUTES.detail) ? detail({ shares: [share] }) : undefined));
    renderBoard();
    const fold = await screen.findByRole('button', { name: /分享给客户（1 个有效链接/ });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(fold);
    const links = await screen.findByRole('list', { name: '有效的分享链接' });
    expect(links.textContent).toContain(`/board-share/${share.token}`);
    expect(links.textContent).toContain('长期有效');
    cleanup();

    serve((call) => (isCall(call, BOARD_ROUTES.detail) ? detail({ editable: false }) : undefined));
    renderBoard();
    expect(await screen.findByRole('list', { name: '收藏夹中的素材' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /分享给客户/ })).toBeNull();
  });

  it("another company's board (404) says so and leads back; a failure offers 重试", async () => {
    serve((call) => (isCall(call, BOARD_ROUTES.detail) ? fail(404, 4440, '收藏夹不存在') : undefined));
    renderBoard();
    expect(await screen.findByText('收藏夹不存在或不属于您的公司')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回收藏夹' }).getAttribute('href')).toBe('/user/board');
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    cleanup();

    serve((call) => (isCall(call, BOARD_ROUTES.detail) ? fail(500, 1000, '服务暂时不可用') : undefined));
    renderBoard();
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
    expect(screen.getByText('收藏夹加载失败')).toBeTruthy();
  });
});

describe('加入团队收藏夹 (the board picker)', () => {
  const renderPicker = (spec: LicenceType | null) =>
    renderAt(
      '/detail/mat0000000000009',
      <AddToBoardModal open material="mat0000000000009" spec={spec} onClose={() => {}} />,
    );

  it('puts the material on the board chosen, with the licence type chosen on the page', async () => {
    serve((call) => {
      if (isCall(call, BOARD_ROUTES.list)) return listOf([boardOf()]);
      if (isCall(call, BOARD_ROUTES.addItem)) return ok(null);
      return undefined;
    });
    renderPicker(LicenceType.STANDARD);
    const dialog = screen.getByRole('dialog', { name: '加入团队收藏夹' });
    const row = (await within(dialog).findByRole('listitem')) as HTMLElement;
    expect(row.textContent).toContain('3 个素材 · 王小明 创建');
    fireEvent.click(within(row).getByRole('button', { name: '加入「春季婚戒」' }));
    await waitFor(() =>
      expect(callsOf(calls, BOARD_ROUTES.addItem, { id: 'brd0000000000001' })[0]?.body).toEqual({
        material: 'mat0000000000009',
        spec: LicenceType.STANDARD,
      }),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('已加入收藏夹「春季婚戒」'));
  });

  it('a new board needs a name first; a list that failed offers 重试', async () => {
    serve((call) => (isCall(call, BOARD_ROUTES.list) ? fail(500, 1000, '服务暂时不可用') : undefined));
    renderPicker(null);
    const dialog = screen.getByRole('dialog', { name: '加入团队收藏夹' });
    expect(await within(dialog).findByRole('button', { name: '重试' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '新建并加入' }));
    expect(within(dialog).getByText('请输入收藏夹名称')).toBeTruthy();
    expect(callsOf(calls, BOARD_ROUTES.create)).toHaveLength(0);
  });
});

describe('/board-share/:token', () => {
  const token = 'b'.repeat(32);
  const renderShared = () => renderAt(`/board-share/${token}`, <SharedBoardPage />, '/board-share/:token');

  it('shows the watermarked pictures with their size, and no price', async () => {
    serve((call) =>
      isCall(call, BOARD_ROUTES.shared)
        ? ok({
            name: '春季婚戒',
            expiresAt: null,
            items: [
              {
                sid: 'mat0000000000001',
                format: 'IMAGE',
                title: '玫瑰金对戒',
                thumbUrl: '/t.webp',
                watermarkUrl: '/w.webp',
                width: 3000,
                height: 2000,
                disabled: false,
              },
            ],
          })
        : undefined,
    );
    renderShared();
    expect(await screen.findByRole('heading', { name: '春季婚戒', level: 1 })).toBeTruthy();
    const list = screen.getByRole('list', { name: '分享的素材' });
    expect(within(list).getByRole('img', { name: '玫瑰金对戒' }).getAttribute('src')).toBe('/w.webp');
    expect(list.textContent).toContain('3000 × 2000');
    expect(document.body.textContent).not.toContain('¥');
  });

  it('an ended link says so; a failure to load offers 重试', async () => {
    serve((call) => (isCall(call, BOARD_ROUTES.shared) ? fail(404, 4446, '分享链接不存在或已失效') : undefined));
    renderShared();
    expect(await screen.findByText('请联系分享给您的企业重新获取链接')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    cleanup();

    serve((call) => (isCall(call, BOARD_ROUTES.shared) ? fail(429, 1006, '请求过于频繁') : undefined));
    renderShared();
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });
});
