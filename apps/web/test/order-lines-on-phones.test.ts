import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * An order's line on /user/order (order-card.tsx): picture, name, then 下载原图 / 授权证书. On a
 * 360–390 px phone the actions left the name a few pixels, one character a line. The line now
 * wraps, the name keeps a width of its own, and on phones it is written out whole. Layout is
 * the browser's (the phone journey measures it); this reads the rules it rests on.
 */

const css = readFileSync(join(import.meta.dirname, '../src/styles.css'), 'utf8');

function rule(selector: string, from = 0): string {
  const at = css.indexOf(`${selector} {`, from);
  expect(at, `${selector} in styles.css`).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf('}', at));
}

const phoneBlock = css.indexOf('@media (max-width: 767px)');

describe('order lines on a phone', () => {
  it('wrap, so the actions go under the name instead of squeezing it', () => {
    expect(rule('.gs-record__item')).toMatch(/flex-wrap:\s*wrap/);
  });

  it('give the name a width of its own beside the picture', () => {
    const text = rule('.gs-record__item-text');
    expect(text).not.toMatch(/flex:\s*1;/);
    expect(text).toMatch(/flex:\s*1 1 \d+em/);
  });

  it('write the whole name out on phones, wrapped, not cut with an ellipsis', () => {
    expect(rule('.gs-record__item-text .gs-ellipsis', phoneBlock)).toMatch(/white-space:\s*normal/);
  });
});
