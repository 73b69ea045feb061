import { ClockCircleOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { onlineDeadlineText, remainingText, transferDeadlineText } from '@/lib/pay-deadline';

const TICK_MS = 1_000;

/** The clock, re-read every second while `active` (measured, not counted, like useCountdown). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

interface PayDeadlineProps {
  /** The server's deadline (`order.expiresAt`); nothing is shown without one. */
  expiresAt: string | null | undefined;
  kind?: 'online' | 'transfer';
  /** Counts the time left down, second by second (the pay drawer). */
  countdown?: boolean;
}

/**
 * When an unpaid order is cancelled, as the server computed it: "请在 14:32 前完成支付，超时订单
 * 将自动取消", or for a bank transfer "请于 … 前完成转账". Never recomputed here. The order lists
 * show it in one line (PayDeadlineLine).
 */
export function PayDeadline({ expiresAt, kind = 'online', countdown = false }: PayDeadlineProps) {
  const now = useNow(countdown && Boolean(expiresAt));
  if (!expiresAt) return null;
  const text = kind === 'transfer' ? transferDeadlineText(expiresAt) : onlineDeadlineText(expiresAt, new Date(now));
  const left = Date.parse(expiresAt) - now;

  return (
    <Alert
      type="warning"
      showIcon
      icon={<ClockCircleOutlined />}
      className="gs-pay-deadline"
      title={text}
      description={
        countdown ? (
          <span role="timer" aria-live="off" aria-label="支付剩余时间">
            {left > 0 ? `剩余 ${remainingText(left)}` : '已超时，订单即将自动取消'}
          </span>
        ) : undefined
      }
    />
  );
}
