import {
  ErrorCode,
  formatYuan,
  PAYMENT_PATHS,
  ZSandboxPayRequest,
  ZSandboxPayResponse,
  zEnvelope,
  type TSandboxPayResponse,
  PaymentAttemptStateMachine,
} from '@gemstock/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../plugins/envelope.js';
import type { PaymentService } from './payment.module.js';
import type { SandboxPaymentView } from './sandbox-pay.service.js';

/** An out_trade_no as newOutTradeNo makes them (and as gateways allow them). */
const ZSandboxParams = z.object({ id: z.string().regex(/^[0-9A-Za-z_]{6,64}$/, { error: '支付单号格式不正确' }) });

/** The page runs no script and loads nothing: its buttons are a plain form. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const PAY_WAY_LABEL: Record<string, string> = { WECHAT: '微信支付', ALIPAY: '支付宝' };
const STATE_LABEL: Record<string, string> = {
  OPEN: '待支付',
  FAILED: '上次支付失败，可重新支付',
  PAID: '已支付',
  CLOSED: '已关闭',
  EXPIRED: '已过期',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; background: #f5f5f5; margin: 0; color: #222; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .note { color: #c27c0e; font-size: 13px; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: 80px 1fr; gap: 10px 12px; margin: 0 0 24px; }
  dt { color: #888; } dd { margin: 0; word-break: break-all; }
  .amount { font-size: 28px; color: #d4380d; font-weight: 600; }
  form { display: flex; gap: 12px; }
  button { flex: 1; font-size: 16px; padding: 12px; border-radius: 6px; border: 1px solid #d9d9d9; background: #fff; cursor: pointer; }
  button.pay { background: #1677ff; border-color: #1677ff; color: #fff; }
  .result { font-size: 18px; margin: 8px 0 16px; }
  .back { text-align: center; margin: 20px 0 0; } .back a { color: #1677ff; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function renderSandboxPayPage(view: SandboxPaymentView): string {
  const payable = PaymentAttemptStateMachine.may('pay', view.state);
  // A phone's browser came here from our own page: like the gateways' mobile pages, it offers the way back.
  const back =
    view.channel === 'h5'
      ? `<p class="back"><a href="${escapeHtml(view.returnUrl)}">${payable ? '放弃支付，返回订单' : '返回订单'}</a></p>`
      : '';
  const actions = payable
    ? `<form method="post">
  <button class="pay" type="submit" name="result" value="SUCCESS">确认支付</button>
  <button type="submit" name="result" value="FAIL">支付失败</button>
</form>${back}`
    : `<p class="result">该支付单${escapeHtml(STATE_LABEL[view.state] ?? view.state)}，请回到订单页面查看。</p>${back}`;
  return page(
    '沙箱支付',
    `<h1>沙箱支付 · ${escapeHtml(PAY_WAY_LABEL[view.payWay] ?? view.payWay)}</h1>
<p class="note">演示环境：不会产生真实扣款。</p>
<dl>
  <dt>订单号</dt><dd>${escapeHtml(view.orderNo)}</dd>
  <dt>商品</dt><dd>${escapeHtml(view.orderName)}</dd>
  <dt>支付单号</dt><dd>${escapeHtml(view.outTradeNo)}</dd>
  <dt>状态</dt><dd>${escapeHtml(STATE_LABEL[view.state] ?? view.state)}</dd>
  <dt>金额</dt><dd class="amount">${escapeHtml(formatYuan(view.amountCents))}</dd>
</dl>
${actions}`,
  );
}

function renderResultPage(result: TSandboxPayResponse): string {
  const paid = result.outcome === 'settled' || result.outcome === 'duplicate';
  const text = paid
    ? '支付成功'
    : result.outcome === 'failed'
      ? '已模拟支付失败'
      : result.outcome === 'exception'
        ? '款项已收到，但订单已取消或已支付，已转人工处理'
        : '支付未完成';
  return page('沙箱支付', `<h1>${escapeHtml(text)}</h1><p class="result">请回到原页面查看订单状态。</p>`);
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * Sandbox only (registered when the sandbox stands in for a gateway): GET shows the pay page;
 * POST with JSON {"result":"SUCCESS"|"FAIL"} (scripts) or the page's form does what the buttons do.
 */
export async function sandboxPayRoutes(instance: FastifyInstance, { payment }: { payment: PaymentService }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // The page's buttons post a plain form; scripts post JSON (parsed by the app-wide parser).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(PAYMENT_PATHS.sandboxPage, { schema: { params: ZSandboxParams } }, async (request, reply) => {
    try {
      return sendHtml(reply, 200, renderSandboxPayPage(await payment.describeSandboxPayment(request.params.id)));
    } catch (error) {
      if (error instanceof AppError && error.spec === ErrorCode.PAYMENT_NOT_FOUND) {
        return sendHtml(reply, 404, page('沙箱支付', '<h1>支付单不存在</h1>'));
      }
      throw error;
    }
  });

  app.post(
    PAYMENT_PATHS.sandboxPage,
    { schema: { params: ZSandboxParams, body: ZSandboxPayRequest, response: { 200: zEnvelope(ZSandboxPayResponse) } } },
    async (request, reply) => {
      const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      try {
        const result = await payment.completeSandboxPayment(request.params.id, request.body.result, request.log);
        if (isForm) {
          // A phone goes back to the order at once, as WeChat H5 and Alipay wap pay send it back.
          const view = await payment.describeSandboxPayment(request.params.id);
          if (view.channel === 'h5') return reply.header('cache-control', 'no-store').redirect(view.returnUrl, 303);
          return sendHtml(reply, 200, renderResultPage(result));
        }
        return ok(result);
      } catch (error) {
        if (isForm && error instanceof AppError) {
          return sendHtml(reply, error.spec.http, page('沙箱支付', `<h1>${escapeHtml(error.message)}</h1>`));
        }
        throw error;
      }
    },
  );
}
