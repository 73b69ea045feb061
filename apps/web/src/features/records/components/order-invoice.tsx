import { InvoiceStatus, InvoiceType, type TOrderListItem, chinaLastDayBefore } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { useInvoiceDownload } from '../api/invoice';
import { FileTextOutlined } from '../icon-paths';
import { canRequestInvoice } from '../lib/invoice';
import { lazyDialog } from './lazy-dialog';

// the form (and antd) loads when a buyer asks for an invoice
const InvoiceDialog = lazyDialog('InvoiceDialog');

const TYPE_TEXT = { [InvoiceType.ORDINARY]: '普票', [InvoiceType.SPECIAL]: '专票' } as const;

/**
 * The invoice of a paid order on the records pages: 申请发票, its progress with the promised
 * date, the reason of a rejection with 重新申请, or 下载发票 once issued.
 */
export function OrderInvoice({ order }: { order: TOrderListItem }) {
  const [open, setOpen] = useState(false);
  const download = useInvoiceDownload();
  const invoice = order.invoice;
  const canRequest = canRequestInvoice(order);
  if (!invoice && !canRequest) return null;

  return (
    <div className="gs-record__invoice">
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
      {invoice?.status === InvoiceStatus.REJECTED && (
        <span className="gs-text-danger gs-text-small">发票申请未通过：{invoice.rejectReason}</span>
      )}
      {canRequest && (
        <Button size="small" onClick={() => setOpen(true)}>
          {invoice?.status === InvoiceStatus.REJECTED ? '重新申请发票' : '申请发票'}
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
