import { describe, expect, it } from 'vitest';
import { LICENCE_TABLE, licenceCovers, licenceSpec, qualifyingLicenceTypes } from '../src/constants.js';

describe('licence table', () => {
  it('prices the four licence types as the spec does, in cents', () => {
    expect(LICENCE_TABLE.map((l) => [l.type, l.priceCents])).toEqual([
      [1, 39_800],
      [2, 29_800],
      [3, 19_800],
      [4, 49_800],
    ]);
  });

  it('derives qualifying types from the long side', () => {
    expect(qualifyingLicenceTypes(3000, 2250)).toEqual([1, 2, 3, 4]);
    expect(qualifyingLicenceTypes(2160, 100)).toEqual([1, 2, 3, 4]);
    expect(qualifyingLicenceTypes(1200, 2159)).toEqual([2, 3, 4]);
    expect(qualifyingLicenceTypes(1440, 1080)).toEqual([2, 3, 4]);
    expect(qualifyingLicenceTypes(1080, 1080)).toEqual([3, 4]);
    expect(qualifyingLicenceTypes(960, 720)).toEqual([4]);
  });

  it('refuses an unknown type', () => {
    expect(() => licenceSpec(9 as never)).toThrow(RangeError);
  });
});

describe('licenceCovers', () => {
  it('a licence covers itself and the narrower ones of the usage ladder; premium custom only itself', () => {
    const covered = (owned: number) => [1, 2, 3, 4].filter((wanted) => licenceCovers(owned, wanted));
    expect(covered(1)).toEqual([1, 2, 3]);
    expect(covered(2)).toEqual([2, 3]);
    expect(covered(3)).toEqual([3]);
    expect(covered(4)).toEqual([4]);
  });
});
