import { InvoiceStateMachine, type TOrderListItem, chinaLastDayBefore, formatYuan } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { useInvoiceDownload } from '../api/invoice';
import { FileTextOutlined } from '../icon-paths';
import { canRequestInvoice, invoiceUnavailableReason, isClosedInvoice } from '../lib/invoice';
import { INVOICE_TYPE_SHORT as TYPE_TEXT, invoiceRejectionOf, WITHDRAWN_TEXT } from '../lib/invoice-labels';
import { lazyDialog } from './lazy-dialog';

// the form (and antd) loads when a buyer asks for an invoice
const InvoiceDialog = lazyDialog('InvoiceDialog');

/**
 * The invoice of a paid order on the records pages: 申请发票, its progress with the promised
 * date and the amount (all the orders it covers), the reason of a rejection, a void (作废) or a
 * red-letter reversal (红冲) with 重新申请, a re-issue in progress, or 下载发票 once issued. A paid
 * order that cannot be invoiced says why where the button would be.
 */
export function OrderInvoice({ order }: { order: TOrderListItem }) {
  const [open, setOpen] = useState(false);
  const download = useInvoiceDownload();
  const invoice = order.invoice;
  const canRequest = canRequestInvoice(order);
  const unavailable = invoiceUnavailableReason(order);
  if (!invoice && !canRequest) {
    return unavailable ? (
      <div className="gs-record__invoice">
        <span className="gs-text-secondary gs-text-small">{unavailable}</span>
      </div>
    ) : null;
  }
  const can = invoice ? InvoiceStateMachine.capabilities(invoice.status) : null;
  const rejection = invoice ? invoiceRejectionOf(invoice) : null;
  const amountText =
    invoice && !isClosedInvoice(invoice)
      ? `发票金额 ${formatYuan(invoice.amount)}${invoice.orderNos.length > 1 ? `（合并 ${invoice.orderNos.length} 个订单）` : ''}`
      : null;

  return (
    <div className="gs-record__invoice">
      {invoice?.replaces && (
        <span className="gs-text-secondary gs-text-small">
          原发票{WITHDRAWN_TEXT[invoice.replaces.status] ?? '已作废'}
          {invoice.replaces.voidReason ? `：${invoice.replaces.voidReason}` : ''}，正在重新开具
        </span>
      )}
      {invoice && can?.issue && (
        <div className="gs-record__invoice-row">
          <Tag color="processing">{TYPE_TEXT[invoice.type]}开具中</Tag>
          <span className="gs-text-secondary gs-text-small">
            预计 {chinaLastDayBefore(new Date(invoice.dueAt))} 前开具
          </span>
        </div>
      )}
      {invoice && can?.download && (
        <div className="gs-record__invoice-row">
          <Tag color="success">{TYPE_TEXT[invoice.type]}已开具</Tag>
          <Button
            size="small"
            icon={<Icon icon={FileTextOutlined} />}
            loading={download.isPending}
            onClick={() => download.mutate(order.sid)}
          >
            下载发票
          </Button>
        </div>
      )}
      {amountText && <span className="gs-text-secondary gs-text-small">{amountText}</span>}
      {rejection !== null && <span className="gs-text-danger gs-text-small">发票申请未通过：{rejection}</span>}
      {invoice && WITHDRAWN_TEXT[invoice.status] && (
        <div className="gs-record__invoice-row">
          <Tag color="error">
            {TYPE_TEXT[invoice.type]}
            {WITHDRAWN_TEXT[invoice.status]}
          </Tag>
          <span className="gs-text-danger gs-text-small">原因：{invoice.voidReason}</span>
        </div>
      )}
      {canRequest && (
        <Button size="small" onClick={() => setOpen(true)}>
          {invoice && isClosedInvoice(invoice) ? '重新申请发票' : '申请发票'}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <InvoiceDialog order={order} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
