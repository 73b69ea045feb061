import { InvoiceStatus, InvoiceType, type TOrderListItem, chinaLastDayBefore, formatYuan } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { useInvoiceDownload } from '../api/invoice';
import { FileTextOutlined } from '../icon-paths';
import { canRequestInvoice, invoiceUnavailableReason, isClosedInvoice } from '../lib/invoice';
import { lazyDialog } from './lazy-dialog';

// the form (and antd) loads when a buyer asks for an invoice
const InvoiceDialog = lazyDialog('InvoiceDialog');

const TYPE_TEXT = { [InvoiceType.ORDINARY]: '普票', [InvoiceType.SPECIAL]: '专票' } as const;
const WITHDRAWN_TEXT: Partial<Record<InvoiceStatus, string>> = {
  [InvoiceStatus.VOIDED]: '已作废',
  [InvoiceStatus.REVERSED]: '已红冲',
};

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
      {invoice?.status === InvoiceStatus.REQUESTED && (
        <div className="gs-record__invoice-row">
          <Tag color="processing">{TYPE_TEXT[invoice.type]}开具中</Tag>
          <span className="gs-text-secondary gs-text-small">
            预计 {chinaLastDayBefore(new Date(invoice.dueAt))} 前开具
          </span>
        </div>
      )}
      {invoice?.status === InvoiceStatus.ISSUED && (
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
      {invoice?.status === InvoiceStatus.REJECTED && (
        <span className="gs-text-danger gs-text-small">发票申请未通过：{invoice.rejectReason}</span>
      )}
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
