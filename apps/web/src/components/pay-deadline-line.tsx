import { onlineDeadlineText, transferDeadlineText } from '@/lib/pay-deadline';
import { Icon } from './ui/icon';
import { ClockCircleOutlined } from './ui/icon-paths';

/**
 * When an unpaid order is cancelled, in one line (order lists), as the server computed it; plain
 * elements, for the records pages that load no antd. PayDeadline draws it as an alert.
 */
export function PayDeadlineLine({
  expiresAt,
  kind = 'online',
}: {
  expiresAt: string | null | undefined;
  kind?: 'online' | 'transfer';
}) {
  if (!expiresAt) return null;
  const text = kind === 'transfer' ? transferDeadlineText(expiresAt) : onlineDeadlineText(expiresAt, new Date());
  return (
    <span className="gs-pay-deadline gs-text-warning">
      <Icon icon={ClockCircleOutlined} /> {text}
    </span>
  );
}
