import { PlusOutlined } from '@ant-design/icons';
import type { TSubUser } from '@gemstock/contract';
import { Alert, Button, Empty, Flex, Result, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { useCurrentUser } from '@/stores/session';
import { useSubUsers } from '../api/get-sub-users';
import { useSetSubUserEnabled } from '../api/set-sub-user-enabled';
import { SectionCard } from '../components/section-card';
import {
  MonthBudget,
  SubUserAccount,
  SubUserActions,
  SubUserContact,
  SubUserEnabledSwitch,
  SubUserTimes,
  VipMark,
  WaitingOrders,
} from '../components/sub-user-cells';
import {
  CreateSubUserModal,
  EditSubUserModal,
  SubUserEmailModal,
  SubUserPasswordModal,
} from '../components/sub-user-modals';
import { ScrollTable } from '@/components/scroll-table';

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
  const subUserList = subUsers.data?.sub_users ?? [];
  // render functions, not components defined here: a new component each render would remount the
  // switch and lose its focus when the list refreshes after a toggle
  const enabledSwitch = (row: TSubUser) => (
    <SubUserEnabledSwitch
      row={row}
      loading={setEnabled.isPending && setEnabled.variables?.sid === row.sid}
      onToggle={(subUser, enabled) => void toggle(subUser, enabled)}
    />
  );
  const actions = (row: TSubUser) => (
    <SubUserActions row={row} onEdit={setEditing} onPassword={setPasswordFor} onEmail={setEmailFor} />
  );
  const empty = (
    <Empty description="还没有子账号">
      <Button type="primary" onClick={() => setCreating(true)}>
        新建子账号
      </Button>
    </Empty>
  );

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
      {/* phones: one card per sub-account instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {subUsers.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : subUserList.length === 0 ? (
          // a list that failed to load says so above, not that there is no sub-account
          !subUsers.isError && empty
        ) : (
          <ul className="gs-line-cards" aria-label="子账号列表">
            {subUserList.map((row) => (
              <li key={row.sid} className="gs-line-card gs-line-card--stacked">
                <Flex justify="space-between" align="center" gap={12}>
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <SubUserAccount row={row} />
                  </div>
                  {enabledSwitch(row)}
                </Flex>
                <dl className="gs-line-card__facts">
                  <dt>邮箱 / 手机号</dt>
                  <dd>
                    <SubUserContact row={row} />
                  </dd>
                  <dt>待审批订单</dt>
                  <dd>
                    <WaitingOrders row={row} />
                  </dd>
                  <dt>本月已批准 / 预算</dt>
                  <dd>
                    <MonthBudget row={row} />
                  </dd>
                  <dt>会员</dt>
                  <dd>
                    <VipMark row={row} />
                  </dd>
                  <dt>创建 / 最近登录</dt>
                  <dd>
                    <SubUserTimes row={row} />
                  </dd>
                </dl>
                <div className="gs-line-card__foot">{actions(row)}</div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ScrollTable<TSubUser>
        className="gs-hide-phone"
        regionLabel="子账号列表"
        rowKey="sid"
        loading={subUsers.isLoading}
        dataSource={subUserList}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty }}
        columns={[
          { title: '账号', dataIndex: 'username', render: (_: string, row) => <SubUserAccount row={row} /> },
          { title: '邮箱 / 手机号', key: 'contact', render: (_: unknown, row) => <SubUserContact row={row} /> },
          {
            title: '待审批订单',
            dataIndex: 'orderWaiting',
            width: 100,
            render: (_: number, row) => <WaitingOrders row={row} />,
          },
          {
            title: '本月已批准 / 预算',
            key: 'budget',
            width: 170,
            render: (_: unknown, row) => <MonthBudget row={row} />,
          },
          { title: '会员', dataIndex: 'vipValid', width: 80, render: (_: boolean, row) => <VipMark row={row} /> },
          {
            title: '创建 / 最近登录',
            key: 'times',
            width: 170,
            render: (_: unknown, row) => <SubUserTimes row={row} />,
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 90,
            render: (_: boolean, row) => enabledSwitch(row),
          },
          {
            title: '操作',
            key: 'actions',
            width: 130,
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                {actions(row)}
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
