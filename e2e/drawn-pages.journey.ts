import { expect, test, type Page } from '@playwright/test';
import { DRAWING_REDRAWN_MESSAGE, endpointUrl, MATERIAL_ROUTES } from '@gemstock/contract';
import { call, skipGuide } from './fixtures';

/*
 * The pages a first visit lands on arrive drawn by the server, and the app takes that drawing
 * over instead of drawing the page again. Anything the two draw differently (a time written in
 * the server's zone, an id, a width) makes React throw the drawing away and draw the page anew:
 * it flashes, and a phone does the work twice. In a browser in China (the journeys' zone), on a
 * phone and on a computer, the drawing's elements must still be the page's once the app runs.
 */

interface MaterialList {
  materials: { sid: string }[];
}

/** Keeps the drawing's first element as the HTML's parse ends, before any script of the app runs. */
async function keepDrawing(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawn: Element | null }).drawn = document.querySelector('#root > *');
    });
  });
}

/**
 * Once React has made the page's first element its own, and the browser is idle: hydration is
 * time-sliced (a task every few milliseconds), so an idle moment means it has been committed,
 * with any part it drew again logged.
 */
async function appHasRun(page: Page) {
  await page.waitForFunction(() => {
    const first = document.querySelector('#root > *');
    return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
  });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

async function landingPages(page: Page): Promise<[string, string][]> {
  const free = await call<MaterialList>(await page.request.get(MATERIAL_ROUTES.free.path));
  const any = await call<MaterialList>(
    await page.request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { format: 'image', page_size: 1 } })),
  );
  return [
    ['home', '/'],
    ['search results', `/?keyword=${encodeURIComponent('戒指')}`],
    // a free material's page shows its free period: a time
    ['a free material', `/detail/${free.materials[0]!.sid}`],
    ['a material', `/detail/${any.materials[0]!.sid}`],
    ['featured videos', '/video'],
    ['free materials', '/free-material'],
  ];
}

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'computer', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
]) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch });

    test('the app takes over the server’s drawing of every landing page instead of drawing it anew', async ({
      page,
    }) => {
      await skipGuide(page);
      await keepDrawing(page);
      // any part React drew again, the whole page or one boundary within it, is logged (main.tsx)
      const redrawn: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes(DRAWING_REDRAWN_MESSAGE)) redrawn.push(page.url());
      });
      for (const [name, path] of await landingPages(page)) {
        await page.goto(path);
        await appHasRun(page);
        const kept = await page.evaluate(() => {
          const drawn = (window as unknown as { drawn: Element | null }).drawn;
          return drawn !== null && drawn === document.querySelector('#root > *');
        });
        expect(kept, `${name} (${path}) was drawn again by the app`).toBe(true);
      }
      expect(redrawn, 'pages React drew again in part').toEqual([]);
    });
  });
}
