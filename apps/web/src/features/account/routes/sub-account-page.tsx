import { PlusOutlined } from '@ant-design/icons';
import { formatYuan, type TSubUser } from '@gemstock/contract';
import { Alert, Badge, Button, Empty, Progress, Result, Space, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/lib/form';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/stores/session';
import { useSubUsers } from '../api/get-sub-users';
import { useSetSubUserEnabled } from '../api/set-sub-user-enabled';
import { SectionCard } from '../components/section-card';
import {
  CreateSubUserModal,
  EditSubUserModal,
  SubUserEmailModal,
  SubUserPasswordModal,
} from '../components/sub-user-modals';
import { ScrollTable } from '@/components/scroll-table';

/** 本月已批准 / 每月预算: a progress bar when there is a budget, the amount alone otherwise. */
function MonthBudget({ row }: { row: TSubUser }) {
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
        showInfo={false}
        size="small"
        status={full ? 'exception' : 'normal'}
        aria-label={`${row.username} 本月已批准 ${spent}，每月预算 ${budget}`}
      />
    </div>
  );
}

/** /user/sub-account — main accounts manage their sub-accounts (spec §6). */
export default function SubAccountPage() {
  const user = useCurrentUser();
  const allowed = user?.level === 0 && user.subEnabled;
  const subUsers = useSubUsers(Boolean(allowed));
  const setEnabled = useSetSubUserEnabled();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TSubUser | null>(null);
  const [passwordFor, setPasswordFor] = useState<TSubUser | null>(null);
  const [emailFor, setEmailFor] = useState<TSubUser | null>(null);

  if (!user) return null;
  if (user.level !== 0) {
    return (
      <SectionCard title="我的子账号">
        <Result status="403" title="仅主账号可以管理子账号" subTitle="如需调整子账号，请联系您的主账号。" />
      </SectionCard>
    );
  }
  if (!user.subEnabled) {
    return (
      <SectionCard title="我的子账号">
        <Result status="info" title="子账号功能未开通" subTitle="如需为同事开通子账号，请联系客服开通。" />
      </SectionCard>
    );
  }

  const toggle = async (subUser: TSubUser, enabled: boolean) => {
    try {
      await setEnabled.mutateAsync({ sid: subUser.sid, enabled });
      notify.success(enabled ? '已启用' : '已停用');
    } catch {
      /* toasted by the api-client */
    }
  };

  return (
    <SectionCard
      title="我的子账号"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建子账号
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="子账号使用用户名和密码登录，自动继承主账号的企业信息，经您审批后可使用主账号余额支付。主账号对子账号的行为承担连带责任。"
      />
      {subUsers.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="子账号列表加载失败"
          action={
            <Button size="small" onClick={() => void subUsers.refetch()}>
              重试
            </Button>
          }
        />
      )}
      <ScrollTable<TSubUser>
        regionLabel="子账号列表"
        rowKey="sid"
        loading={subUsers.isLoading}
        dataSource={subUsers.data?.sub_users ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty description="还没有子账号">
              <Button type="primary" onClick={() => setCreating(true)}>
                新建子账号
              </Button>
            </Empty>
          ),
        }}
        columns={[
          {
            title: '账号',
            dataIndex: 'username',
            render: (_: string, row) => (
              <div>
                <Typography.Text strong>{row.username}</Typography.Text>
                <div className="gs-cell-sub">{row.name ?? '未填写姓名'}</div>
              </div>
            ),
          },
          {
            title: '邮箱 / 手机号',
            key: 'contact',
            render: (_: unknown, row) => (
              <div>
                <div>{row.email ?? '—'}</div>
                <div className="gs-cell-sub">{row.mobile ?? '—'}</div>
              </div>
            ),
          },
          {
            title: '待审批订单',
            dataIndex: 'orderWaiting',
            width: 100,
            render: (v: number) => (v > 0 ? <Badge count={v} /> : <span>0</span>),
          },
          {
            title: '本月已批准 / 预算',
            key: 'budget',
            width: 170,
            render: (_: unknown, row) => <MonthBudget row={row} />,
          },
          {
            title: '会员',
            dataIndex: 'vipValid',
            width: 80,
            render: (v: boolean) => (v ? <Tag color="gold">VIP</Tag> : <span className="gs-cell-sub">—</span>),
          },
          {
            title: '创建 / 最近登录',
            key: 'times',
            width: 170,
            render: (_: unknown, row) => (
              <div>
                <div>{formatDateTime(row.createdAt)}</div>
                <div className="gs-cell-sub">{row.lastLoginAt ? formatDateTime(row.lastLoginAt) : '从未登录'}</div>
              </div>
            ),
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean, row) => (
              <Switch
                checked={v}
                checkedChildren="启用"
                unCheckedChildren="停用"
                loading={setEnabled.isPending && setEnabled.variables?.sid === row.sid}
                onChange={(checked) => void toggle(row, checked)}
                aria-label={`${v ? '停用' : '启用'}子账号 ${row.username}`}
              />
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => setPasswordFor(row)}>
                  设置密码
                </Button>
                <Button type="link" size="small" onClick={() => setEmailFor(row)}>
                  {row.email ? '更换邮箱' : '绑定邮箱'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CreateSubUserModal open={creating} onClose={() => setCreating(false)} />
      <EditSubUserModal subUser={editing} onClose={() => setEditing(null)} />
      <SubUserPasswordModal subUser={passwordFor} onClose={() => setPasswordFor(null)} />
      <SubUserEmailModal subUser={emailFor} onClose={() => setEmailFor(null)} />
    </SectionCard>
  );
}
