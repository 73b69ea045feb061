import { FileTextOutlined } from '@ant-design/icons';
import { InvoiceStatus, InvoiceType, type TOrderListItem, chinaLastDayBefore } from '@gemstock/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useInvoiceDownload } from '../api/invoice';
import { canRequestInvoice, InvoiceDialog } from './invoice-dialog';

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
    <Flex vertical gap={4} align="end" className="gs-record__invoice">
      {invoice?.status === InvoiceStatus.REQUESTED && (
        <Flex gap={8} align="center" wrap justify="end">
          <Tag color="processing">{TYPE_TEXT[invoice.type]}开具中</Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            预计 {chinaLastDayBefore(new Date(invoice.dueAt))} 前开具
          </Typography.Text>
        </Flex>
      )}
      {invoice?.status === InvoiceStatus.ISSUED && (
        <Flex gap={8} align="center" wrap justify="end">
          <Tag color="success">{TYPE_TEXT[invoice.type]}已开具</Tag>
          <Button
            size="small"
            icon={<FileTextOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate(order.sid)}
          >
            下载发票
          </Button>
        </Flex>
      )}
      {invoice?.status === InvoiceStatus.REJECTED && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          发票申请未通过：{invoice.rejectReason}
        </Typography.Text>
      )}
      {canRequest && (
        <Button size="small" onClick={() => setOpen(true)}>
          {invoice?.status === InvoiceStatus.REJECTED ? '重新申请发票' : '申请发票'}
        </Button>
      )}
      {open && <InvoiceDialog order={order} open={open} onClose={() => setOpen(false)} />}
    </Flex>
  );
}
