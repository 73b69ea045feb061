import {
  type OnlinePayWay,
  PAYMENT_API,
  type PayChannel,
  type TOnlinePayRequest,
  type TOnlinePayResponse,
} from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { USER_SCOPE } from '@/lib/query-client';

/** The pay drawer's tab and the path segment of an online pay way. */
export type OnlineGateway = Lowercase<OnlinePayWay>;

/**
 * POST /api/order/{id}/wechat|alipay {code, referer, channel} → {link, channel, amount, expiresAt}.
 * On a computer (`qr`) WeChat's link is drawn as a QR code and Alipay's opens in a new page; on
 * a phone (`h5`) both are the gateway's mobile page, opened in the same tab. The server fixes
 * the price here and hands out the same link again while it is open, so asking twice is harmless.
 */
export function startOnlinePayment({
  orderSid,
  gateway,
  ...body
}: TOnlinePayRequest & { orderSid: string; gateway: OnlineGateway }): Promise<TOnlinePayResponse> {
  return callApi(PAYMENT_API[gateway], { params: { id: orderSid }, body });
}

export const paymentLinkKey = (orderSid: string, gateway: OnlineGateway) =>
  [USER_SCOPE, 'pay-link', orderSid, gateway] as const;

const linkKey = (orderSid: string, gateway: OnlineGateway, channel: PayChannel) =>
  [...paymentLinkKey(orderSid, gateway), channel] as const;

/** The gateway link of one tab of the online pay drawer, asked for when the tab is first shown. */
export function usePaymentLink(
  params: {
    orderSid: string;
    gateway: OnlineGateway;
    code: string | null;
    referer: string | null;
    channel: PayChannel;
  },
  enabled: boolean,
) {
  return useQuery({
    queryKey: linkKey(params.orderSid, params.gateway, params.channel),
    queryFn: () => startOnlinePayment(params),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}
