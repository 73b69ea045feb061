import { expect, test, type Page, type Response } from '@playwright/test';
import { endpointUrl, LICENCE_ROUTES, MATERIAL_PATHS, MATERIAL_ROUTES, pathUrl } from '@gemstock/contract';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { signInOperator, skipGuide } from './fixtures';

/*
 * Catalogue journeys on the embedded default (issue "Done when"): searching the demo catalogue
 * in every sort, the detail page's licence table, and an operator uploading real files that
 * then appear in search with watermarked previews while their originals stay private.
 */

interface WireMaterial {
  sid: string;
  format: 'image' | 'video';
  keywords: string[];
  authType: number[];
  width: number;
  height: number;
  watermarkUrl: string | null;
  previewUrl: string | null;
  thumbUrl: string | null;
}

interface SearchData {
  total: number;
  totalCapped: boolean;
  materials: WireMaterial[];
}

const SORTS = ['随机', '最新', '最多喜欢'] as const;

function isSearchResponse(response: Response): boolean {
  const url = new URL(response.url());
  return url.pathname === MATERIAL_ROUTES.search.path && response.request().method() === 'GET';
}

async function searchData(response: Response): Promise<SearchData> {
  const body = (await response.json()) as { code: number; data: SearchData; message: string };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/**
 * A page loaded afresh carries its first search's answer inside it (the server answers it in the
 * page; apps/server/src/plugins/web-app.ts): read from the document, as the app takes it.
 */
async function searchDataInPage(document: Response): Promise<SearchData> {
  const element = /<script type="application\/json" id="gs-first-response"[^>]*>(.*?)<\/script>/s.exec(
    await document.text(),
  );
  expect(element, 'the page carries its first search').not.toBeNull();
  const body = JSON.parse(element![1]!) as { code: number; data: SearchData; message: string };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** Sids of the tiles on screen, in order. */
async function tileSids(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('.gs-tile__link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.split('/').pop() ?? '').filter(Boolean))];
}

/** Every whitespace-free piece must occur inside one of the keywords (1–2-character terms, split compounds). */
function hasAll(material: WireMaterial, pieces: string[]): boolean {
  return pieces.every((p) => material.keywords.some((k) => k.toLowerCase().includes(p.toLowerCase())));
}

test.describe('catalogue', () => {
  test.beforeEach(async ({ page }) => {
    await skipGuide(page);
  });

  for (const [keyword, pieces] of [
    ['戒指', ['戒指']],
    ['金', ['金']],
    ['钻石项链', ['钻石', '项链']],
  ] as const) {
    test(`searching ${keyword} from the search box shows the matching demo materials in every sort`, async ({
      page,
      request,
    }) => {
      await page.goto('/');
      const box = page.getByLabel('搜索素材');
      await box.first().fill(keyword);
      // answered by the API once the app runs, or inside the drawn results page when Enter came
      // before it (the browser then sends the form itself)
      const first = page.waitForResponse(
        (r) =>
          (isSearchResponse(r) || r.request().resourceType() === 'document') &&
          new URL(r.url()).searchParams.get('keyword') === keyword,
      );
      await box.first().press('Enter');
      const answered = await first;
      await (answered.request().resourceType() === 'document' ? searchDataInPage(answered) : searchData(answered));
      await expect(page).toHaveURL(new RegExp(`keyword=${encodeURIComponent(keyword)}`));

      // The whole result set, read independently, is what every sort must show.
      const all = (await (
        await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { keyword, sort: '-created', page_size: 60 } }))
      ).json()) as {
        data: SearchData;
      };
      expect(all.data.total).toBeGreaterThan(0);
      expect(all.data.total).toBeLessThanOrEqual(60);
      for (const m of all.data.materials) expect(hasAll(m, [...pieces]), m.keywords.join(',')).toBe(true);
      const expected = all.data.materials.map((m) => m.sid).sort();

      for (const sort of SORTS) {
        const sortGroup = page.getByRole('radiogroup', { name: '排序' });
        const alreadyChosen = await sortGroup.getByRole('radio', { name: sort }).isChecked();
        let data: SearchData;
        if (alreadyChosen) {
          // a reload: the page arrives with its first search inside it
          const document = page.waitForResponse((r) => r.request().resourceType() === 'document');
          await page.reload();
          data = await searchDataInPage(await document);
        } else {
          const responded = page.waitForResponse(
            (r) => isSearchResponse(r) && new URL(r.url()).searchParams.get('keyword') === keyword,
          );
          await sortGroup.getByText(sort, { exact: true }).click();
          data = await searchData(await responded);
        }
        expect(data.total).toBe(all.data.total);
        for (const m of data.materials) expect(hasAll(m, [...pieces])).toBe(true);
        // Scroll until every match is on screen (the grid loads more on scroll).
        await expect
          .poll(
            async () => {
              await page.mouse.wheel(0, 4000);
              return (await tileSids(page)).length;
            },
            { timeout: 20_000 },
          )
          .toBe(all.data.total);
        expect((await tileSids(page)).sort()).toEqual(expected);
      }
    });
  }

  test('the detail page disables the licence types a material is too small for, with the reason', async ({
    page,
    request,
  }) => {
    const body = (await (
      await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { sort: '-created', page_size: 60 } }))
    ).json()) as { data: SearchData };
    const small = body.data.materials.find((m) => m.format === 'image' && m.authType.length < 4);
    expect(small, 'the demo catalogue has an image too small for some licence types').toBeDefined();
    await page.goto(`/detail/${small!.sid}`);
    const picker = page.getByRole('radiogroup', { name: '选择授权类型' });
    await expect(picker).toBeVisible();
    const radios = picker.getByRole('radio');
    await expect(radios).toHaveCount(4);
    let disabled = 0;
    for (let i = 0; i < 4; i += 1) if (await radios.nth(i).isDisabled()) disabled += 1;
    expect(disabled).toBe(4 - small!.authType.length);
    await expect(picker.getByText('不可选')).toHaveCount(4 - small!.authType.length);
    await expect(page.locator('.gs-licence-option__reason').first()).toContainText(
      `${Math.max(small!.width, small!.height)}`,
    );
  });

  test('an operator uploads a 4000×3000 JPEG and the demo MP4 again: the copy is refused, the JPEG waits for review and, listed, appears in search with its watermarked preview; originals stay private', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const keyword = `上传验收${Date.now().toString(36).slice(-4)}`;
    const width = 4000;
    const height = 3000;
    // A real photo-sized JPEG: a colour gradient, so the encoder has something to do.
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 3;
        raw[i] = (x * 255) / width;
        raw[i + 1] = (y * 255) / height;
        raw[i + 2] = 160;
      }
    }
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer();
    const mp4 = await readFile(
      new URL('../apps/server/seed-assets/videos/gold-chain-vertical-720p.mp4', import.meta.url),
    );

    await signInOperator(page);

    await page.goto('/admin/upload');
    const keywords = page.getByLabel('关键词');
    await keywords.click();
    await page.keyboard.type(keyword);
    await page.keyboard.press('Enter');
    await page.locator('.ant-upload input[type=file]').setInputFiles([
      { name: 'acceptance-4000x3000.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'acceptance-chain.mp4', mimeType: 'video/mp4', buffer: mp4 },
    ]);
    // One batch, a row per file, kept on the server.
    const files = page.locator('.ant-table-expanded-row tr.ant-table-row');
    await expect(files).toHaveCount(2);
    const imageRow = files.filter({ hasText: 'acceptance-4000x3000.jpg' });
    const videoRow = files.filter({ hasText: 'acceptance-chain.mp4' });
    // The MP4 is the demo catalogue's own file: refused as a duplicate, naming the material it is.
    await expect(videoRow.getByText('重复被拒', { exact: true })).toBeVisible({ timeout: 60_000 });
    const existing = videoRow.getByRole('link', { name: /查看已有素材/ });
    const videoSid = ((await existing.textContent()) ?? '').replace('查看已有素材', '').trim();
    expect(videoSid).toMatch(/^[a-z0-9]{16}$/);
    // Uploaded with progress, then processed in the background: it waits for review.
    await expect(imageRow.getByText('待审核', { exact: true })).toBeVisible({ timeout: 120_000 });
    await expect(imageRow).toContainText('4000 × 3000');
    await page.screenshot({ path: join(test.info().outputDir, 'admin-upload.png') });

    // Not for sale before review: the buyer does not find it.
    const before = (await (await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { keyword } }))).json()) as {
      data: SearchData;
    };
    expect(before.data.materials).toHaveLength(0);

    // 素材审核 lists it.
    await page.goto('/admin/review');
    const reviewRow = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: keyword });
    await expect(reviewRow).toHaveCount(1);
    await reviewRow.getByRole('button', { name: '提交上架' }).click();
    await expect(page.getByText('已上架 1 个素材')).toBeVisible();
    await page.screenshot({ path: join(test.info().outputDir, 'admin-review.png') });

    // The buyer finds it by the keyword given at upload.
    await page.goto(`/?keyword=${encodeURIComponent(keyword)}`);
    await expect(page.locator('.gs-tile__link')).toHaveCount(1);
    const found = (await (
      await request.get(endpointUrl(MATERIAL_ROUTES.search, { query: { keyword, sort: '-created' } }))
    ).json()) as {
      data: SearchData;
    };
    expect(found.data.materials).toHaveLength(1);
    const image = found.data.materials[0]!;
    expect(image).toMatchObject({ format: 'image', width: 4000, height: 3000, authType: [1, 2, 3, 4] });
    const video = (
      (await (await request.get(endpointUrl(MATERIAL_ROUTES.detail, { params: { id: videoSid } }))).json()) as {
        data: WireMaterial;
      }
    ).data;

    // The detail page shows the watermarked preview, never the original.
    await page.goto(`/detail/${image.sid}`);
    await expect(page.locator(`img[src="${image.watermarkUrl}"]`)).toBeVisible();
    expect(image.watermarkUrl).toMatch(/\/watermark-[0-9a-f]{16}\./);
    const preview = await request.get(image.watermarkUrl!);
    expect(preview.status()).toBe(200);
    const previewMeta = await sharp(await preview.body()).metadata();
    expect(Math.max(previewMeta.width!, previewMeta.height!)).toBeLessThan(4000);
    await page.screenshot({ path: join(test.info().outputDir, 'detail-uploaded.png') });

    await page.goto(`/detail/${video.sid}`);
    await expect(page.locator(`video[src="${video.previewUrl}"]`)).toBeVisible();
    expect(video.previewUrl).toMatch(/\/preview-[0-9a-f]{16}\.mp4$/);

    // The original is stored under a key anyone could compute from the file; it is still not served.
    const hash = createHash('sha256').update(jpeg).digest('hex').slice(0, 16);
    for (const area of ['private', 'public']) {
      const direct = await request.get(`/media/${area}/materials/${image.sid}/original-${hash}.jpg`);
      expect(direct.status(), `${area} original`).toBeGreaterThanOrEqual(400);
    }
    const unsigned = await request.get(
      pathUrl(MATERIAL_PATHS.original, {}, { key: `private/materials/${image.sid}/original-${hash}.jpg` }),
    );
    expect(unsigned.status()).toBeGreaterThanOrEqual(400);
    // Nor through the download call without a purchase.
    const download = (await (
      await request.get(endpointUrl(LICENCE_ROUTES.materialDownload, { params: { id: image.sid } }))
    ).json()) as { code: number };
    expect(download.code).not.toBe(0);
  });
});
