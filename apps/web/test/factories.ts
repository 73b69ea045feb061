import { LicenceType, MaterialFormat, type TMaterial } from '@gemstock/contract';

/** A catalogue material as the API sends it, with `values` over plain defaults. */
export function materialOf(values: Partial<TMaterial> = {}): TMaterial {
  return {
    sid: 'mat0000000000001',
    format: MaterialFormat.IMAGE,
    keywords: ['钻戒'],
    coverUrl: null,
    thumbUrl: null,
    authType: [LicenceType.STANDARD],
    watermarkUrl: null,
    previewUrl: null,
    width: 3000,
    height: 2000,
    likeCount: 0,
    liked: false,
    disabled: false,
    buyTime: null,
    price: 29_800,
    specialPrice: {},
    customPrice: null,
    free: false,
    remark: null,
    extra: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...values,
  };
}
