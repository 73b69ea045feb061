import { LicenceType, MaterialFormat, unitPriceCents } from '@gemstock/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultLicenceType,
  formatDuration,
  licenceOptions,
  lowestPayCents,
  materialLabel,
  ownedLicenceText,
  owningLicence,
  resolveLicencePrice,
} from '@/lib/material-licence';

const { EXTENDED, STANDARD, NEW_MEDIA, PREMIUM_CUSTOM } = LicenceType;

/** The price fields of a material offering every type unless told otherwise. */
function priced(
  price: number | Record<string, number>,
  specialPrice: Record<string, number> = {},
  authType: LicenceType[] = [EXTENDED, STANDARD, NEW_MEDIA, PREMIUM_CUSTOM],
) {
  return { price, specialPrice, authType, customPrice: null };
}

describe('resolveLicencePrice', () => {
  it('a number price means every type costs its licence-table price', () => {
    const material = priced(29_800);
    expect(resolveLicencePrice(material, EXTENDED)).toEqual({ listCents: 39_800, promoCents: null, payCents: 39_800 });
    expect(resolveLicencePrice(material, STANDARD).payCents).toBe(29_800);
    expect(resolveLicencePrice(material, NEW_MEDIA).payCents).toBe(19_800);
    expect(resolveLicencePrice(material, PREMIUM_CUSTOM).payCents).toBe(49_800);
  });

  it('a map gives each type its own price, falling back to the table for a missing entry', () => {
    const material = priced({ '2': 25_000, '3': 15_000 });
    expect(resolveLicencePrice(material, STANDARD).listCents).toBe(25_000);
    expect(resolveLicencePrice(material, NEW_MEDIA).payCents).toBe(15_000);
    expect(resolveLicencePrice(material, PREMIUM_CUSTOM).listCents).toBe(49_800);
  });

  it('a lower special price is a promotion: the buyer pays it, the list price is shown struck', () => {
    const material = priced(19_800, { '3': 11_900 }, [NEW_MEDIA, PREMIUM_CUSTOM]);
    expect(resolveLicencePrice(material, NEW_MEDIA)).toEqual({
      listCents: 19_800,
      promoCents: 11_900,
      payCents: 11_900,
    });
    // only the type it is set for
    expect(resolveLicencePrice(material, PREMIUM_CUSTOM).promoCents).toBeNull();
  });

  it('works with a special price on a per-type map', () => {
    const material = priced({ '1': 50_000, '2': 30_000 }, { '1': 45_000 });
    expect(resolveLicencePrice(material, EXTENDED)).toEqual({
      listCents: 50_000,
      promoCents: 45_000,
      payCents: 45_000,
    });
    expect(resolveLicencePrice(material, STANDARD).payCents).toBe(30_000);
  });

  it('a special price that is not lower is charged but not shown as a promotion', () => {
    expect(resolveLicencePrice(priced(29_800, { '2': 29_800 }), STANDARD)).toEqual({
      listCents: 29_800,
      promoCents: null,
      payCents: 29_800,
    });
    // operators cannot set one above the list price; if one arrived, what is shown is what is charged
    expect(resolveLicencePrice(priced(29_800, { '2': 35_000 }), STANDARD)).toEqual({
      listCents: 29_800,
      promoCents: null,
      payCents: 35_000,
    });
  });

  it('ignores a malformed special price', () => {
    expect(resolveLicencePrice(priced(29_800, { '2': -5 }), STANDARD).payCents).toBe(29_800);
    expect(resolveLicencePrice(priced(29_800, { '2': 1.5 }), STANDARD).payCents).toBe(29_800);
  });

  it('a free special price (0 cents) is still a promotion', () => {
    expect(resolveLicencePrice(priced(29_800, { '2': 0 }), STANDARD)).toEqual({
      listCents: 29_800,
      promoCents: 0,
      payCents: 0,
    });
  });

  it('shows what the contract’s unit price charges, for every offered type', () => {
    const material = priced({ '1': 45_800, '2': 32_800, '3': 21_800, '4': 52_800 }, { '1': 27_500 });
    for (const type of material.authType) {
      expect(resolveLicencePrice(material, type).payCents).toBe(unitPriceCents(material, type));
    }
  });

  it('a type the material does not offer is priced the same way, for display', () => {
    const material = priced(19_800, { '2': 17_900 }, [NEW_MEDIA, PREMIUM_CUSTOM]);
    expect(resolveLicencePrice(material, STANDARD)).toEqual({
      listCents: 29_800,
      promoCents: 17_900,
      payCents: 17_900,
    });
  });

  it('lowestPayCents looks only at the offered types', () => {
    expect(lowestPayCents(priced(39_800, {}, [EXTENDED, PREMIUM_CUSTOM]))).toBe(39_800);
    expect(lowestPayCents(priced(19_800, { '3': 11_900 }, [NEW_MEDIA, PREMIUM_CUSTOM]))).toBe(11_900);
    expect(lowestPayCents(priced(0, {}, []))).toBeNull();
  });
});

describe('licenceOptions', () => {
  const small = { width: 1200, height: 1200, ...priced(19_800, {}, [NEW_MEDIA, PREMIUM_CUSTOM]) };

  it('lists all four types; the ones in authType are available', () => {
    const options = licenceOptions(small);
    expect(options.map((o) => o.spec.type)).toEqual([EXTENDED, STANDARD, NEW_MEDIA, PREMIUM_CUSTOM]);
    expect(options.map((o) => o.available)).toEqual([false, false, true, true]);
  });

  it('says why a type is disabled: the long side is below its minimum', () => {
    const [extended, standard, newMedia] = licenceOptions(small);
    expect(extended?.reason).toBe('素材长边 1200px，低于该授权要求的 2160px');
    expect(standard?.reason).toBe('素材长边 1200px，低于该授权要求的 1440px');
    expect(newMedia?.reason).toBeNull();
  });

  it('uses the long side, whichever way the material is turned', () => {
    const portrait = { ...small, width: 900, height: 1200 };
    expect(licenceOptions(portrait)[1]?.reason).toBe('素材长边 1200px，低于该授权要求的 1440px');
  });

  it('a type withheld although the size is enough gets a neutral reason', () => {
    const big = { width: 4000, height: 3000, ...priced(29_800, {}, [STANDARD]) };
    const options = licenceOptions(big);
    expect(options[0]?.reason).toBe('该素材暂不提供此授权');
    expect(options[3]?.reason).toBe('该素材暂不提供此授权');
    expect(options[1]?.available).toBe(true);
  });

  it('the first of authType is selected at first', () => {
    expect(defaultLicenceType({ authType: [STANDARD, NEW_MEDIA, PREMIUM_CUSTOM] })).toBe(STANDARD);
    expect(defaultLicenceType({ authType: [] })).toBeNull();
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [8, '0:08'],
    [7.6, '0:08'],
    [75, '1:15'],
    [3723, '1:02:03'],
  ])('%f s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});

describe('materialLabel', () => {
  it('is made of the keywords', () => {
    expect(materialLabel({ keywords: ['钻石戒指', '婚戒'], format: MaterialFormat.IMAGE })).toBe('钻石戒指、婚戒图片');
    expect(materialLabel({ keywords: [], format: MaterialFormat.VIDEO })).toBe('珠宝视频素材');
  });
});

describe('已购 marks', () => {
  it('names what the company owns, and nothing for a visitor or a company that owns nothing', () => {
    expect(ownedLicenceText({ ownedSpecs: [EXTENDED, NEW_MEDIA] })).toBe('已购 · 扩展授权、新媒体授权');
    expect(ownedLicenceText({ ownedSpecs: [] })).toBeNull();
    expect(ownedLicenceText({})).toBeNull();
  });

  it('a licence owned, or a wider one owned, makes buying it again pointless; a wider one is an upgrade', () => {
    const material = { ownedSpecs: [STANDARD] };
    expect(owningLicence(material, STANDARD)).toBe(STANDARD);
    expect(owningLicence(material, NEW_MEDIA)).toBe(STANDARD);
    expect(owningLicence(material, EXTENDED)).toBeNull();
    expect(owningLicence(material, PREMIUM_CUSTOM)).toBeNull();
    expect(owningLicence({}, STANDARD)).toBeNull();
  });
});
