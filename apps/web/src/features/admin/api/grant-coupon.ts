import { ADMIN_COUPON_API, type TAdminCouponGrantRequest, type TAdminCouponGrantResponse } from '@gemstock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_COUPONS_KEY } from './get-coupons';

/**
 * POST /api/admin/coupons/{sid}/grant {grantKey, mobiles}: each account gets its own copy of the
 * coupon. The same `grantKey` sent again (a retry) issues nothing twice.
 */
export function grantCoupon({
  sid,
  ...body
}: TAdminCouponGrantRequest & { sid: string }): Promise<TAdminCouponGrantResponse> {
  return callAdminApi(ADMIN_COUPON_API.grant, { params: { sid }, body });
}

export function useGrantCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_COUPONS_KEY }),
  });
}

/** A fresh grant key: 32 hex characters (works without a secure context, unlike randomUUID). */
export function newGrantKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The textarea's mobiles: split on whitespace, commas, semicolons and 、, blanks and repeats dropped. */
export function parseMobiles(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,，;；、]+/)) {
    const mobile = part.trim();
    if (mobile) seen.add(mobile);
  }
  return [...seen];
}
