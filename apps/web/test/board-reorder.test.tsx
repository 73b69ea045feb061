import { BOARD_ROUTES, LicenceType, type TBoardItem } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { placeAfter } from '@/features/board/api/move-on-board';
import { keyTarget, moveIndex, moveOf } from '@/features/board/board-order';
import { dragCard, dropIndex } from '@/features/board/components/card-drag';
import BoardPage from '@/features/board/routes/board-page';
import { notify } from '@/lib/notify';
import { boardOf, materialOf, signIn, userOf } from './factories';
import { type ApiCall, callsOf, isCall, ok, serveApi } from './fake-api';

/*
 * Reordering a team board's materials (decision 0055): by drag and drop, by keys on a card's
 * handle, by 前移/后移. The page shows the move at once, sends the server's one move ("put it
 * after that one"), and puts the order back, with a toast, when the server refuses.
 */

const sids = ['mat0000000000001', 'mat0000000000002', 'mat0000000000003', 'mat0000000000004'];

describe('the order of a board', () => {
  it('a move is "after the one now before it", or first', () => {
    expect(moveOf(sids, 0, 2)).toEqual({ material: sids[0], after: sids[2] });
    expect(moveOf(sids, 3, 1)).toEqual({ material: sids[3], after: sids[0] });
    expect(moveOf(sids, 2, 0)).toEqual({ material: sids[2], after: null });
    expect(moveOf(sids, 1, 1)).toBeNull();
    expect(moveOf(sids, 1, 4)).toBeNull();
    expect(moveIndex(sids, 0, 3)).toEqual([sids[1], sids[2], sids[3], sids[0]]);
  });

  it('the page shows a move as the server makes it, and leaves the order when the anchor is gone', () => {
    const items = sids.map((sid) => ({ sid }));
    for (const [from, to] of [
      [0, 2],
      [3, 0],
      [1, 3],
      [2, 1],
    ] as const) {
      expect(placeAfter(items, moveOf(sids, from, to)!).map((i) => i.sid)).toEqual(moveIndex(sids, from, to));
    }
    expect(placeAfter(items, { material: sids[0]!, after: 'mat000000000gone' })).toEqual(items);
    expect(placeAfter(items, { material: 'mat000000000gone', after: null })).toEqual(items);
  });

  it('the keys of a handle: ↑/← one earlier, ↓/→ one later, Home first, End last, never past an end', () => {
    expect(keyTarget('ArrowUp', 2, 4)).toBe(1);
    expect(keyTarget('ArrowLeft', 2, 4)).toBe(1);
    expect(keyTarget('ArrowDown', 2, 4)).toBe(3);
    expect(keyTarget('ArrowRight', 3, 4)).toBe(3);
    expect(keyTarget('ArrowUp', 0, 4)).toBe(0);
    expect(keyTarget('Home', 2, 4)).toBe(0);
    expect(keyTarget('End', 0, 4)).toBe(3);
    expect(keyTarget('Enter', 2, 4)).toBeNull();
    expect(keyTarget('a', 2, 4)).toBeNull();
  });

  it('a dragged card takes the place of the cards before the pointer in reading order', () => {
    // two columns of 100 × 100 with a gap of 10 (A B / C D) in a list 210 wide
    const box = (left: number, top: number, width = 100, height = 100) => new DOMRect(left, top, width, height);
    const grid = [box(0, 0), box(110, 0), box(0, 110), box(110, 110)];
    expect(dropIndex(20, 20, grid, 210)).toBe(0); // over the left half of A
    expect(dropIndex(80, 20, grid, 210)).toBe(1); // past A's middle
    expect(dropIndex(200, 50, grid, 210)).toBe(2); // past B's middle
    expect(dropIndex(50, 105, grid, 210)).toBe(2); // in the gap under the first row
    expect(dropIndex(80, 150, grid, 210)).toBe(3);
    expect(dropIndex(300, 300, grid, 210)).toBe(4);
    // one column (a phone), cards of different heights: past a card's middle, wherever the finger is across
    const column = [box(0, 0, 300, 100), box(0, 110, 300, 160), box(0, 280, 300, 100)];
    expect(dropIndex(10, 40, column, 300)).toBe(0);
    expect(dropIndex(10, 60, column, 300)).toBe(1);
    expect(dropIndex(290, 180, column, 300)).toBe(1);
    expect(dropIndex(10, 200, column, 300)).toBe(2);
    expect(dropIndex(10, 340, column, 300)).toBe(3);
  });
});

describe('dragging a card', () => {
  // a list of three cards in one column, 100 px high, 10 px apart
  function listOfThree() {
    const list = document.createElement('ul');
    const cards = [0, 1, 2].map(() => {
      const card = document.createElement('li');
      // a card's place follows its position in the list, as a browser lays it out
      card.getBoundingClientRect = () => {
        const at = [...list.children].indexOf(card);
        return new DOMRect(0, at * 110, 300, 100);
      };
      list.append(card);
      return card;
    });
    list.getBoundingClientRect = () => new DOMRect(0, 0, 300, 320);
    document.body.append(list);
    return { list, cards };
  }
  let frames: FrameRequestCallback[] = [];
  const nextFrame = () => frames.splice(0).forEach((frame) => frame(0));
  const pointer = (type: string, x: number, y: number, buttons = 1) =>
    window.dispatchEvent(new PointerEvent(type, { pointerId: 7, clientX: x, clientY: y, buttons }));

  beforeEach(() => {
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('follows the pointer, says where the card would go, and drops it there', () => {
    const { cards } = listOfThree();
    const over = vi.fn();
    const done = vi.fn();
    dragCard({ card: cards[0]!, pointerId: 7, x: 20, y: 20 }, 0, over, done);
    pointer('pointermove', 21, 21); // a tap's jitter: not a drag yet
    expect(over).not.toHaveBeenCalled();
    pointer('pointermove', 30, 180);
    nextFrame();
    expect(over).toHaveBeenLastCalledWith(1); // past the second card's middle: it makes room above
    expect(cards[0]!.style.transform).toBe('translate(0px, 160px)');
    pointer('pointermove', 30, 300);
    nextFrame();
    expect(over).toHaveBeenLastCalledWith(2);
    // kept within the list: the page never grows under a card dragged past its end
    expect(cards[0]!.style.transform).toBe('translate(0px, 220px)');
    pointer('pointerup', 30, 300);
    expect(done).toHaveBeenCalledWith(2);
    expect(cards[0]!.style.transform).toBe('');
    pointer('pointermove', 30, 20); // nothing follows the pointer any more
    expect(over).toHaveBeenCalledTimes(3);
  });

  it('a tap, Escape and a pointer the browser takes back drop nothing', () => {
    const { cards } = listOfThree();
    const done = vi.fn();
    dragCard({ card: cards[1]!, pointerId: 7, x: 20, y: 130 }, 1, () => {}, done);
    pointer('pointerup', 20, 130);
    expect(done).toHaveBeenLastCalledWith(null);

    dragCard({ card: cards[1]!, pointerId: 7, x: 20, y: 130 }, 1, () => {}, done);
    pointer('pointermove', 20, 20);
    nextFrame();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(done).toHaveBeenLastCalledWith(null);
    expect(cards[1]!.style.transform).toBe('');

    dragCard({ card: cards[1]!, pointerId: 7, x: 20, y: 130 }, 1, () => {}, done);
    pointer('pointermove', 20, 20);
    pointer('pointercancel', 20, 20);
    expect(done).toHaveBeenLastCalledWith(null);
    expect(done).toHaveBeenCalledTimes(3);
  });
});

describe('/user/board/:sid reordered', () => {
  const board = boardOf();
  const titles = ['玫瑰金对戒', '铂金钻戒', '红宝石戒指'];
  const itemOf = (i: number): TBoardItem => ({
    ...materialOf({ sid: sids[i]!, keywords: [titles[i]!] }),
    spec: LicenceType.STANDARD,
    unitPrice: 19_900,
    position: (i + 1) * 1024,
    addedByName: '王小明',
    commentCount: 0,
    addedAt: '2026-11-20T02:00:00.000Z',
  });
  const items = [0, 1, 2].map(itemOf);

  let calls: ApiCall[] = [];
  /** The answers to the moves, given by the test when it chooses. */
  let answers: Array<(answer: { status?: number; body: unknown }) => void> = [];

  beforeEach(() => {
    signIn(userOf({}));
    answers = [];
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    calls = serveApi((call) => (isCall(call, BOARD_ROUTES.detail) ? ok({ board, items, shares: [] }) : undefined));
    // the moves wait for the test's answer, so what the page shows before it can be seen
    const answered = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (!new URL(input, 'http://localhost').pathname.endsWith('/move')) return answered(input, init);
        calls.push({
          method: init.method ?? 'GET',
          url: new URL(input, 'http://localhost'),
          body: JSON.parse(String(init.body)),
        });
        const answer = await new Promise<{ status?: number; body: unknown }>((resolve) => answers.push(resolve));
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/user/board/${board.sid}`]}>
          <Routes>
            <Route path="/user/board/:sid" element={<BoardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const shownOrder = () =>
    within(screen.getByRole('list', { name: '收藏夹中的素材' }))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
  const handleOf = (title: string) => screen.getByRole('button', { name: new RegExp(`^调整顺序：${title}`) });
  const moves = () => callsOf(calls, BOARD_ROUTES.moveItem).map((call) => call.body);

  it('a key on a focused handle moves its card at once, says so, and keeps the focus on it', async () => {
    await screen.findByRole('list', { name: '收藏夹中的素材' });
    const handle = handleOf('玫瑰金对戒');
    expect(handle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(handle.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /方向键.*Home \/ End/,
    );
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    // shown before the server has answered
    expect(shownOrder()).toEqual(['铂金钻戒图片', '玫瑰金对戒图片', '红宝石戒指图片']);
    await waitFor(() => expect(moves()).toEqual([{ material: sids[0], after: sids[1] }]));
    expect(screen.getByText('玫瑰金对戒图片 已移到第 2 个，共 3 个')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(handleOf('玫瑰金对戒')));
    expect(handleOf('玫瑰金对戒').getAttribute('aria-label')).toContain('第 2 个，共 3 个');

    // End: last; a second move waits for the first answer, and says where from
    fireEvent.keyDown(handleOf('玫瑰金对戒'), { key: 'End' });
    expect(shownOrder()).toEqual(['铂金钻戒图片', '红宝石戒指图片', '玫瑰金对戒图片']);
    expect(moves()).toHaveLength(1);
    act(() => answers[0]!(ok({})));
    await waitFor(() =>
      expect(moves()).toEqual([
        { material: sids[0], after: sids[1] },
        { material: sids[0], after: sids[2] },
      ]),
    );
    // a key that moves nothing sends nothing
    fireEvent.keyDown(handleOf('铂金钻戒'), { key: 'Home' });
    fireEvent.keyDown(handleOf('铂金钻戒'), { key: 'Enter' });
    expect(moves()).toHaveLength(2);
  });

  it('a move the server refuses is put back, with a toast and an announcement', async () => {
    await screen.findByRole('list', { name: '收藏夹中的素材' });
    fireEvent.click(screen.getByRole('button', { name: /^前移 红宝石戒指/ }));
    expect(shownOrder()).toEqual(['玫瑰金对戒图片', '红宝石戒指图片', '铂金钻戒图片']);
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]!({ status: 404, body: { code: 4444, data: null, message: '收藏夹中没有这个素材' } }));
    await waitFor(() => expect(shownOrder()).toEqual(['玫瑰金对戒图片', '铂金钻戒图片', '红宝石戒指图片']));
    expect(notify.error).toHaveBeenCalledWith('排序未保存：收藏夹中没有这个素材，已恢复原来的顺序');
    expect(screen.getByText('排序未保存，已恢复原来的顺序')).toBeTruthy();
    // and the board is read again, for the server's order
    await waitFor(() => expect(callsOf(calls, BOARD_ROUTES.detail).length).toBeGreaterThan(1));
  });

  it('a network failure is put back the same way', async () => {
    await screen.findByRole('list', { name: '收藏夹中的素材' });
    fireEvent.keyDown(handleOf('铂金钻戒'), { key: 'ArrowUp' });
    expect(shownOrder()).toEqual(['铂金钻戒图片', '玫瑰金对戒图片', '红宝石戒指图片']);
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => answers[0]!({ status: 502, body: 'Bad Gateway' }));
    await waitFor(() => expect(shownOrder()).toEqual(['玫瑰金对戒图片', '铂金钻戒图片', '红宝石戒指图片']));
    expect(notify.error).toHaveBeenCalledWith(expect.stringMatching(/^排序未保存：.+，已恢复原来的顺序$/));
  });
});
