import { formatYuan, type TSubUser } from '@gemstock/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/feedback';
import { Progress } from '@/components/ui/progress';
import { Switch } from '@/components/ui/switch';
import { formatDateTime } from '@/lib/form';
import './sub-user-cells.css';

/**
 * What the sub-account list shows of a sub-account, one piece per table column; the table's cells
 * and the phones' cards render the same pieces.
 */

/** 账号: the username, then the name. */
export function SubUserAccount({ row }: { row: TSubUser }) {
  return (
    <div>
      <strong className="gs-sub-user-name">{row.username}</strong>
      <div className="gs-cell-sub">{row.name ?? '未填写姓名'}</div>
    </div>
  );
}

/** 邮箱 / 手机号. */
export function SubUserContact({ row }: { row: TSubUser }) {
  return (
    <div>
      <div>{row.email ?? '—'}</div>
      <div className="gs-cell-sub">{row.mobile ?? '—'}</div>
    </div>
  );
}

/** 待审批订单: a badge when some wait. */
export function WaitingOrders({ row }: { row: TSubUser }) {
  return row.orderWaiting > 0 ? <Badge count={row.orderWaiting} /> : <span>0</span>;
}

/** 本月已批准 / 每月预算: a progress bar when there is a budget, the amount alone otherwise. */
export function MonthBudget({ row }: { row: TSubUser }) {
  const spent = formatYuan(row.monthSpent);
  if (row.monthlyBudget === null) {
    return (
      <div>
        <div>{spent}</div>
        <div className="gs-cell-sub">不限预算</div>
      </div>
    );
  }
  const budget = formatYuan(row.monthlyBudget);
  const percent = row.monthlyBudget > 0 ? Math.min(100, (row.monthSpent / row.monthlyBudget) * 100) : 100;
  const full = row.monthSpent >= row.monthlyBudget;
  return (
    <div style={{ minWidth: 140 }}>
      <div>
        {spent} / {budget}
      </div>
      <Progress
        percent={percent}
        status={full ? 'exception' : 'normal'}
        aria-label={`${row.username} 本月已批准 ${spent}，每月预算 ${budget}`}
      />
    </div>
  );
}

/** 会员. */
export function VipMark({ row }: { row: TSubUser }) {
  return row.vipValid ? <Tag color="gold">VIP</Tag> : <span className="gs-cell-sub">—</span>;
}

/** 创建 / 最近登录. */
export function SubUserTimes({ row }: { row: TSubUser }) {
  return (
    <div>
      <div>{formatDateTime(row.createdAt)}</div>
      <div className="gs-cell-sub">{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : '从未登录'}</div>
    </div>
  );
}

/** 状态: the switch that enables or disables the sub-account. */
export function SubUserEnabledSwitch({
  row,
  loading,
  onToggle,
}: {
  row: TSubUser;
  loading: boolean;
  onToggle: (row: TSubUser, enabled: boolean) => void;
}) {
  return (
    <Switch
      checked={row.enabled}
      checkedChildren="启用"
      unCheckedChildren="停用"
      loading={loading}
      onChange={(checked) => onToggle(row, checked)}
      aria-label={`${row.enabled ? '停用' : '启用'}子账号 ${row.username}`}
    />
  );
}

/** 操作: edit, set the password, bind or change the email — each named with the sub-account. */
export function SubUserActions({
  row,
  onEdit,
  onPassword,
  onEmail,
}: {
  row: TSubUser;
  onEdit: (row: TSubUser) => void;
  onPassword: (row: TSubUser) => void;
  onEmail: (row: TSubUser) => void;
}) {
  const emailAction = row.email ? '更换邮箱' : '绑定邮箱';
  return (
    <>
      <Button
        kind="link"
        size="small"
        className="gs-sub-user-action"
        aria-label={`编辑 ${row.username}`}
        onClick={() => onEdit(row)}
      >
        编辑
      </Button>
      <Button
        kind="link"
        size="small"
        className="gs-sub-user-action"
        aria-label={`设置密码 ${row.username}`}
        onClick={() => onPassword(row)}
      >
        设置密码
      </Button>
      <Button
        kind="link"
        size="small"
        className="gs-sub-user-action"
        aria-label={`${emailAction} ${row.username}`}
        onClick={() => onEmail(row)}
      >
        {emailAction}
      </Button>
    </>
  );
}
