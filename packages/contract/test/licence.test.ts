import { describe, expect, it } from 'vitest';
import {
  LICENCE_TABLE,
  licenceCovers,
  licenceSpec,
  licenceTableFor,
  qualifyingLicenceTypes,
  VIDEO_LICENCE_TABLE,
} from '../src/constants.js';
import { LicenceType, MaterialFormat } from '../src/enums.js';

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

describe('video licence table', () => {
  it('has the same four names with online and outdoor uses and no offline print', () => {
    expect(VIDEO_LICENCE_TABLE.map((l) => [l.type, l.name])).toEqual(LICENCE_TABLE.map((l) => [l.type, l.name]));
    for (const spec of VIDEO_LICENCE_TABLE) {
      expect(spec.use).not.toContain('印刷');
      expect(spec.minLongSide).toBeNull();
    }
    expect(licenceSpec(LicenceType.EXTENDED, MaterialFormat.VIDEO).use).toContain('户外');
    expect(licenceSpec(LicenceType.NEW_MEDIA, MaterialFormat.VIDEO).use).toContain('网络');
    expect(licenceTableFor(MaterialFormat.VIDEO)).toBe(VIDEO_LICENCE_TABLE);
  });

  it('states its size rule as a video resolution, by the short side', () => {
    expect(VIDEO_LICENCE_TABLE.map((l) => l.requirement)).toEqual([
      '分辨率 ≥ 2K（1440p）',
      '分辨率 ≥ 1080p',
      '分辨率 ≥ 720p',
      '分辨率不限',
    ]);
    expect(qualifyingLicenceTypes(2560, 1440, MaterialFormat.VIDEO)).toEqual([1, 2, 3, 4]);
    expect(qualifyingLicenceTypes(1920, 1080, MaterialFormat.VIDEO)).toEqual([2, 3, 4]);
    expect(qualifyingLicenceTypes(1080, 1920, MaterialFormat.VIDEO)).toEqual([2, 3, 4]);
    expect(qualifyingLicenceTypes(1280, 720, MaterialFormat.VIDEO)).toEqual([3, 4]);
    expect(qualifyingLicenceTypes(640, 360, MaterialFormat.VIDEO)).toEqual([4]);
  });
});

describe('高级定制授权', () => {
  it('says what is delivered now and that the licence pays for one custom design of the material', () => {
    for (const format of [MaterialFormat.IMAGE, MaterialFormat.VIDEO]) {
      const spec = licenceSpec(LicenceType.PREMIUM_CUSTOM, format);
      expect(spec.use).not.toMatch(/替换/);
      expect(spec.note).toContain('下载原素材');
      expect(spec.note).toContain('含本素材一次高级定制，无需另付');
    }
  });
});
