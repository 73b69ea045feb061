import {
  OrderType,
  TRANSFER_COMPLETE_WORKING_DAYS,
  type TOrder,
  type TOrderTransferInfo,
  formatYuan,
} from '@gemstock/contract';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Skeleton, Typography } from 'antd';
import { PayDeadline } from '@/components/pay-deadline';
import { useNavigate } from 'react-router';
import { invalidateCommerce } from '@/api/commerce-keys';
import { CopyableCode, copyText } from '@/components/copyable-code';
import { PriceText } from '@/components/price-text';
import { paths } from '@/config/paths';
import { USER_SCOPE } from '@/lib/query-client';
import { notify } from '@/lib/notify';
import { useCheckout } from '@/stores/checkout';
import { startTransfer } from '../api/start-transfer';

interface TransferDrawerProps {
  open: boolean;
  order: TOrder;
  code: string | null;
  referer: string | null;
}

/** Everything the buyer needs to type into their bank's form, as one text to copy. */
export function transferInfoText(info: TOrderTransferInfo): string {
  return [
    `收款户名：${info.name}`,
    `开户银行：${info.bank}`,
    `收款账号：${info.account}`,
    `转账金额：${formatYuan(info.amount)}`,
    `转账备注：${info.reference}`,
  ].join('\n');
}

/**
 * The bank-transfer drawer (spec §2, §4): payee, exact amount, the per-order reference to write
 * on the transfer, copy actions (复制成功), and when the order completes.
 */
export function TransferDrawer({ open, order, code, referer }: TransferDrawerProps) {
  const close = useCheckout((s) => s.close);
  const navigate = useNavigate();
  // POST fixes the price and locks the order to transfer; asking again answers the same info
  const transfer = useQuery({
    queryKey: [USER_SCOPE, 'transfer-info', order.sid],
    queryFn: () => startTransfer({ orderSid: order.sid, code, referer }),
    enabled: open,
    staleTime: Infinity,
    gcTime: 0,
  });
  const info = transfer.data?.info;

  const onDone = () => {
    close();
    void invalidateCommerce();
    void navigate(order.orderType === OrderType.MATERIAL ? paths.record.ordinary : paths.user.order);
  };

  const copyAll = async () => {
    if (!info) return;
    if (await copyText(transferInfoText(info))) notify.success('复制成功');
    else notify.error('复制失败，请手动选择复制');
  };

  return (
    <Drawer
      open={open}
      onClose={close}
      title="对公转账"
      size={560}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button icon={<CopyOutlined />} onClick={() => void copyAll()} disabled={!info}>
            复制全部转账信息
          </Button>
          <Button type="primary" onClick={onDone} disabled={!info}>
            我已了解，查看订单
          </Button>
        </Flex>
      }
    >
      {transfer.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : transfer.isError || !info ? (
        <Result
          status="warning"
          title="获取转账信息失败"
          subTitle="请稍后重试，或关闭后选择其他支付方式"
          extra={<Button onClick={() => void transfer.refetch()}>重试</Button>}
        />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="请使用企业对公账户向以下账户转账"
            description={`款项到账并核对无误后，订单将在 ${TRANSFER_COMPLETE_WORKING_DAYS} 个工作日内完成，届时可在记录中下载素材与授权证书。`}
          />
          <PayDeadline expiresAt={transfer.data?.order.expiresAt} kind="transfer" />
          <Descriptions
            bordered
            size="middle"
            column={1}
            styles={{ label: { width: 120 } }}
            items={[
              { key: 'name', label: '收款户名', children: <CopyableCode code={info.name} size="small" /> },
              { key: 'bank', label: '开户银行', children: info.bank },
              { key: 'account', label: '收款账号', children: <CopyableCode code={info.account} size="small" /> },
              { key: 'amount', label: '转账金额', children: <PriceText cents={info.amount} size="large" /> },
              {
                key: 'reference',
                label: '转账备注',
                children: (
                  <Flex vertical gap={4}>
                    <CopyableCode code={info.reference} size="small" />
                    <Typography.Text type="warning" style={{ fontSize: 12 }}>
                      请务必在转账备注（附言）中填写此编号，以便核对到账
                    </Typography.Text>
                  </Flex>
                ),
              },
              { key: 'order', label: '订单号', children: info.orderNo },
            ]}
          />
          {info.notes && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, whiteSpace: 'pre-line' }}>
              {info.notes}
            </Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
