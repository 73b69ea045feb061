import { EARLY_CLICK_SCRIPT, EARLY_CLICKS_GLOBAL } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyClicks } from '@/lib/early-clicks';
import { takeEarlyClicks } from '@/lib/held-clicks';
import { earlyClicks } from '../build/early-clicks';

/*
 * A page the server drew shows its buttons before the app runs. The inline script holds a click
 * made then, and the app replays it on its own drawing once that is in place.
 */

let root: HTMLElement;

/** The page as its HTML arrives: the inline script has run, the drawing is in #root. */
function arrive(drawing: string) {
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = drawing;
  document.body.append(root);
  new Function(EARLY_CLICK_SCRIPT)();
}

/** The app replacing the drawing with its own (a browser whose session the server did not know). */
function redraw(drawing: string): Record<string, ReturnType<typeof vi.fn>> {
  root.innerHTML = drawing;
  const handlers: Record<string, ReturnType<typeof vi.fn>> = {};
  for (const button of root.querySelectorAll<HTMLElement>('[data-name]')) {
    const handler = vi.fn();
    button.addEventListener('click', handler);
    handlers[button.dataset.name!] = handler;
  }
  return handlers;
}

const tap = (element: Element) => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  // the page's own inline script stops holding when the app takes the clicks
  takeEarlyClicks();
  delete (window as unknown as Record<string, unknown>)[EARLY_CLICKS_GLOBAL];
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('clicks before the app runs', () => {
  it('are held: cancelled, and unseen by what listens on the page', () => {
    arrive('<button data-name="buy">立即购买</button>');
    const seen = vi.fn();
    root.addEventListener('click', seen);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(seen).not.toHaveBeenCalled();
  });

  it('are replayed on the same element when the app takes over the drawing (hydration)', () => {
    arrive('<button>立即购买</button>');
    const button = root.querySelector('button')!;
    tap(button);
    const handler = vi.fn();
    button.addEventListener('click', handler);
    replayEarlyClicks(takeEarlyClicks(), root);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('are replayed on the element in the same place of a new drawing', () => {
    arrive('<header><button>登录</button></header><main><button>加入购物车</button><button>立即购买</button></main>');
    tap(root.querySelectorAll('button')[2]!);
    const handlers = redraw(
      '<header><button data-name="account">我的账户</button></header>' +
        '<main><button data-name="cart">加入购物车</button><button data-name="buy">立即购买</button></main>',
    );
    replayEarlyClicks(takeEarlyClicks(), root);
    expect(handlers.buy).toHaveBeenCalledOnce();
    expect(handlers.cart).not.toHaveBeenCalled();
    expect(handlers.account).not.toHaveBeenCalled();
  });

  it('pick the same one of several alike, and none when the new drawing cannot tell which', () => {
    arrive('<button>下载</button><button>下载</button>');
    tap(root.querySelectorAll('button')[1]!);
    let handlers = redraw('<button data-name="first">下载</button><button data-name="second">下载</button>');
    replayEarlyClicks(takeEarlyClicks(), root);
    expect(handlers.second).toHaveBeenCalledOnce();
    expect(handlers.first).not.toHaveBeenCalled();

    arrive('<button>下载</button><button>下载</button>');
    tap(root.querySelectorAll('button')[0]!);
    handlers = redraw(
      '<button data-name="a">下载</button><button data-name="b">下载</button><button data-name="c">下载</button>',
    );
    replayEarlyClicks(takeEarlyClicks(), root);
    expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
  });

  it('wait a moment for an element still loading, then are dropped', async () => {
    arrive('<button>定制</button><button>收藏</button>');
    tap(root.querySelectorAll('button')[0]!);
    tap(root.querySelectorAll('button')[1]!);
    redraw('<p>加载中…</p>');
    replayEarlyClicks(takeEarlyClicks(), root);
    const customize = document.createElement('button');
    customize.textContent = '定制';
    const handler = vi.fn();
    customize.addEventListener('click', handler);
    root.append(customize);
    await vi.advanceTimersByTimeAsync(0);
    expect(handler).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(3000);
    const like = document.createElement('button');
    like.textContent = '收藏';
    const late = vi.fn();
    like.addEventListener('click', late);
    root.append(like);
    await vi.advanceTimersByTimeAsync(0);
    expect(late).not.toHaveBeenCalled();
  });

  it('leave a form’s submit button alone: the form is sent without the app', () => {
    arrive('<form action="/"><input name="keyword" /><button>搜索</button><button type="button">清除</button></form>');
    const submits = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('form')!.addEventListener('submit', submits);
    // dispatchEvent answers false when the click was cancelled
    expect(tap(root.querySelectorAll('button')[0]!)).toBe(true);
    expect(submits).toHaveBeenCalledOnce();
    expect(tap(root.querySelectorAll('button')[1]!)).toBe(false);
    expect(takeEarlyClicks().map(([clicked]) => clicked.textContent)).toEqual(['清除']);
  });

  it('are not held once the app has taken them, nor on links, nor outside the app', () => {
    arrive('<a href="#top">首页</a><button>立即购买</button>');
    const outside = document.createElement('button');
    document.body.append(outside);
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    tap(root.querySelector('a')!);
    tap(outside);
    expect(seen).toHaveBeenCalledTimes(2);

    replayEarlyClicks(takeEarlyClicks(), root);
    seen.mockClear();
    tap(root.querySelector('button')!);
    expect(seen).toHaveBeenCalledOnce();
  });
});

describe('the page build', () => {
  it('puts the inline script, unchanged, just after the charset', () => {
    const plugin = earlyClicks();
    const transform = plugin.transformIndexHtml as { handler: (html: string) => string };
    const html = transform.handler('<head>\n    <meta charset="UTF-8" />\n    <title>宝图</title></head>');
    expect(html).toContain(`<meta charset="UTF-8" />\n    <script>${EARLY_CLICK_SCRIPT}</script>\n    <title>`);
  });
});
