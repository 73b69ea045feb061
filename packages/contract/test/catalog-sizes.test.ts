import { describe, expect, it } from 'vitest';
import { phoneTileSize, thumbnailSizes } from '../src/catalog.js';

/*
 * A grid tile's thumbnail `sizes`, shared by the web grid and the server's preloads of a first
 * page (apps/server src/plugins/web-app.ts), so both name the same file.
 */
describe("a grid tile's thumbnail sizes", () => {
  it('follow the page column and the gap: a phone tile is half the column less the gap', () => {
    expect(phoneTileSize(2)).toBe('(max-width: 767px) calc((100vw - 36px) / 2)');
    expect(thumbnailSizes(2)).toBe(
      '(max-width: 767px) calc((100vw - 36px) / 2), calc((min(100vw, 1360px) - 60px) / 2)',
    );
  });

  it('depend on the column count only, not on the width measured', () => {
    expect(thumbnailSizes(5)).toBe(
      '(max-width: 767px) calc((100vw - 72px) / 5), calc((min(100vw, 1360px) - 96px) / 5)',
    );
  });
});
