import { DEFERRED_START_CAP_MS, DEFERRED_START_SCRIPT } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * On a page the server drew, the app's entry starts once the first screen's pictures are painted
 * (apps/server src/plugins/web-app.ts puts this script in place of the entry's module script).
 */

const ENTRY = '/assets/index-E1.js';

interface Picture {
  priority: 'high' | 'lazy';
  loaded: boolean;
  /** The promise `HTMLImageElement.decode()` returns; without it, a browser that has no `decode()`. */
  decoded?: Promise<void>;
}

/** The drawn page as its HTML has arrived; `pictures` say which of them have loaded. */
function arrive(pictures: Picture[]): HTMLImageElement[] {
  const root = document.createElement('div');
  root.id = 'root';
  const images = pictures.map(({ priority, loaded, decoded }) => {
    const img = document.createElement('img');
    if (priority === 'high') img.setAttribute('fetchpriority', 'high');
    else img.setAttribute('loading', 'lazy');
    Object.defineProperty(img, 'complete', { configurable: true, value: loaded });
    Object.defineProperty(img, 'decode', { configurable: true, value: decoded ? () => decoded : undefined });
    root.append(img);
    return img;
  });
  document.body.append(root);
  const script = document.createElement('script');
  script.dataset.entry = ENTRY;
  Object.defineProperty(document, 'currentScript', { configurable: true, value: script });
  new Function(DEFERRED_START_SCRIPT)();
  Object.defineProperty(document, 'currentScript', { configurable: true, value: null });
  return images;
}

/** The module scripts the page was given (recorded, not loaded: the test environment runs no files). */
let appended: HTMLScriptElement[] = [];
const started = () => appended.filter((node) => node.type === 'module');

/** The frame that paints, the next one (by then the first has been shown), then the task after it. */
async function nextFrame() {
  await vi.advanceTimersByTimeAsync(40);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
  appended = [];
  const appendChild = document.body.appendChild.bind(document.body);
  vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    if (!(node instanceof HTMLScriptElement)) return appendChild(node);
    appended.push(node);
    return node;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** A `decode()` answer the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the app of a drawn page', () => {
  it('starts once every first-screen picture is decoded or has failed, and has been painted', async () => {
    const first = deferred();
    const second = deferred();
    arrive([
      // loaded is not painted: an asynchronously decoded picture paints a frame or more later
      { priority: 'high', loaded: true, decoded: first.promise },
      { priority: 'high', loaded: false, decoded: second.promise },
    ]);
    await nextFrame();
    expect(started()).toHaveLength(0);

    first.resolve();
    await nextFrame();
    expect(started()).toHaveLength(0);

    second.reject(new Error('EncodingError'));
    await nextFrame();
    expect(started().map((entry) => entry.getAttribute('src'))).toEqual([ENTRY]);
  });

  it('without decode(), starts once every first-screen picture has loaded or failed, and has been painted', async () => {
    const [first, second] = arrive([
      { priority: 'high', loaded: false },
      { priority: 'high', loaded: false },
      // further down the page: not waited for
      { priority: 'lazy', loaded: false },
    ]);
    await nextFrame();
    expect(started()).toHaveLength(0);

    first!.dispatchEvent(new Event('load'));
    await nextFrame();
    expect(started()).toHaveLength(0);

    second!.dispatchEvent(new Event('error'));
    await nextFrame();
    const [entry] = started();
    expect(entry?.getAttribute('src')).toBe(ENTRY);
    expect(entry?.crossOrigin).toBe('anonymous');
  });

  it('starts once the frame that paints its first pictures has been shown, when they are already in', async () => {
    arrive([{ priority: 'high', loaded: true }]);
    expect(started()).toHaveLength(0);
    // the frame that paints them (a frame is 16 ms here): drawn, not yet shown
    await vi.advanceTimersByTimeAsync(20);
    expect(started()).toHaveLength(0);
    await nextFrame();
    expect(started()).toHaveLength(1);
  });

  it('starts anyway, once, when a picture takes longer than the cap', async () => {
    const [slow] = arrive([{ priority: 'high', loaded: false }]);
    await vi.advanceTimersByTimeAsync(DEFERRED_START_CAP_MS - 100);
    expect(started()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(started()).toHaveLength(1);

    slow!.dispatchEvent(new Event('load'));
    await nextFrame();
    expect(started()).toHaveLength(1);
  });
});
