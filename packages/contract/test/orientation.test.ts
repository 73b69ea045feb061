import { describe, expect, it } from 'vitest';
import { Orientation, orientationOf } from '../src/index.js';

describe('orientationOf (contract tolerance 0.85 / 1.15)', () => {
  it.each([
    [750, 1000, Orientation.PORTRAIT],
    [1080, 1920, Orientation.PORTRAIT],
    [850, 1000, Orientation.PORTRAIT],
    [851, 1000, Orientation.SQUARE],
    [1000, 1000, Orientation.SQUARE],
    [1080, 1200, Orientation.SQUARE],
    [1149, 1000, Orientation.SQUARE],
    [1150, 1000, Orientation.LANDSCAPE],
    [4000, 3000, Orientation.LANDSCAPE],
  ])('%i×%i is %s', (w, h, expected) => {
    expect(orientationOf(w, h)).toBe(expected);
  });
});
