import type { TSubUser } from '@gemstock/contract';
import { Fragment, type ReactNode, Suspense, useState } from 'react';
import { lazyWithAntd } from '@/app/with-antd';
import { PageResult } from '@/components/page-result';
import { Button } from '@/components/ui/button';
import { Alert, Empty, SkeletonText } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { ExclamationCircleFilled, PlusOutlined } from '@/components/ui/icon-paths';
import { Pagination } from '@/components/ui/pagination';
import { Table, type TableColumn } from '@/components/ui/table';
import { countText, pagedTotal, usePageCursors } from '@/lib/list-pages';
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

// the forms (and antd with them) load when a dialog first opens: the list itself is light
const load = () => import('../components/sub-user-modals');
const CreateSubUserModal = lazyWithAntd(load, 'CreateSubUserModal');
const EditSubUserModal = lazyWithAntd(load, 'EditSubUserModal');
const SubUserPasswordModal = lazyWithAntd(load, 'SubUserPasswordModal');
const SubUserEmailModal = lazyWithAntd(load, 'SubUserEmailModal');

const PAGE_SIZE = 10;

/**
 * What a sub-account shows beside its account, switch and actions: the table's middle columns,
 * and the same terms on a phone's card.
 */
const FACTS: Array<{ key: string; title: string; width?: number; Cell: (props: { row: TSubUser }) => ReactNode }> = [
  { key: 'contact', title: '邮箱 / 手机号', Cell: SubUserContact },
  { key: 'orderWaiting', title: '待审批订单', width: 100, Cell: WaitingOrders },
  { key: 'budget', title: '本月已批准 / 预算', width: 170, Cell: MonthBudget },
  { key: 'vipValid', title: '会员', width: 80, Cell: VipMark },
  { key: 'times', title: '创建 / 最近登录', width: 170, Cell: SubUserTimes },
];

/** In place of the list, for an account that cannot manage sub-accounts, and why. */
function NoSubAccounts({ tone, title, subTitle }: { tone: 'warning' | 'info'; title: string; subTitle: string }) {
  return (
    <SectionCard title="我的子账号">
      <PageResult
        tone={tone}
        level={2}
        icon={<Icon icon={ExclamationCircleFilled} />}
        title={title}
        subTitle={subTitle}
        extra={null}
      />
    </SectionCard>
  );
}

/** Mounts its dialog from the first time it opens, then keeps it so it can animate closed. */
function DialogSlot({ when, children }: { when: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(when);
  if (when && !seen) setSeen(true);
  return seen || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** /user/sub-account — main accounts manage their sub-accounts (spec §6). */
export default function SubAccountPage() {
  const user = useCurrentUser();
  const allowed = user?.level === 0 && user.subEnabled;
  const [page, setPage] = useState(1);
  // 下一页 asks for the sub-accounts after the last one shown (by its cursor)
  const cursors = usePageCursors('sub-users');
  const subUsers = useSubUsers(Boolean(allowed), page, PAGE_SIZE, cursors.cursorOf(page));
  const setEnabled = useSetSubUserEnabled();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<TSubUser | null>(null);
  const [passwordFor, setPasswordFor] = useState<TSubUser | null>(null);
  const [emailFor, setEmailFor] = useState<TSubUser | null>(null);

  if (!user) return null;
  if (user.level !== 0) {
    return (
      <NoSubAccounts tone="warning" title="仅主账号可以管理子账号" subTitle="如需调整子账号，请联系您的主账号。" />
    );
  }
  if (!user.subEnabled) {
    return <NoSubAccounts tone="info" title="子账号功能未开通" subTitle="如需为同事开通子账号，请联系客服开通。" />;
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
  const pageTotal = subUsers.data ? pagedTotal(subUsers.data, page, PAGE_SIZE) : 0;
  const goTo = (next: number) => {
    cursors.remember(page, next, subUsers.data && !subUsers.isPlaceholderData ? subUsers.data.nextCursor : null);
    setPage(next);
  };
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
      <Button kind="primary" onClick={() => setCreating(true)}>
        新建子账号
      </Button>
    </Empty>
  );

  const columns: TableColumn<TSubUser>[] = [
    { key: 'username', title: '账号', render: (row) => <SubUserAccount row={row} /> },
    ...FACTS.map(({ Cell, ...fact }) => ({ ...fact, render: (row: TSubUser) => <Cell row={row} /> })),
    { key: 'enabled', title: '状态', width: 90, render: (row) => enabledSwitch(row) },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      render: (row) => <div className="gs-sub-user-actions">{actions(row)}</div>,
    },
  ];

  return (
    <SectionCard
      title="我的子账号"
      extra={
        <Button kind="primary" icon={<Icon icon={PlusOutlined} />} onClick={() => setCreating(true)}>
          新建子账号
        </Button>
      }
    >
      <Alert type="info" className="gs-sub-user-alert">
        子账号使用用户名和密码登录，自动继承主账号的企业信息，经您审批后可使用主账号余额支付。主账号对子账号的行为承担连带责任。
      </Alert>
      {subUsers.isError && (
        <Alert
          type="error"
          className="gs-sub-user-alert"
          action={
            <Button size="small" onClick={() => void subUsers.refetch()}>
              重试
            </Button>
          }
        >
          子账号列表加载失败
        </Alert>
      )}
      {/* phones: one card per sub-account instead of a table to scroll sideways */}
      <div className="gs-show-phone">
        {subUsers.isLoading ? (
          <SkeletonText rows={3} />
        ) : subUserList.length === 0 ? (
          // a list that failed to load says so above, not that there is no sub-account
          !subUsers.isError && empty
        ) : (
          <ul className="gs-line-cards" aria-label="子账号列表">
            {subUserList.map((row) => (
              <li key={row.sid} className="gs-line-card gs-line-card--stacked">
                <div className="gs-sub-user-card__head">
                  <div className="gs-sub-user-card__who">
                    <SubUserAccount row={row} />
                  </div>
                  {enabledSwitch(row)}
                </div>
                <dl className="gs-line-card__facts">
                  {FACTS.map(({ key, title, Cell }) => (
                    <Fragment key={key}>
                      <dt>{title}</dt>
                      <dd>
                        <Cell row={row} />
                      </dd>
                    </Fragment>
                  ))}
                </dl>
                <div className="gs-line-card__foot">{actions(row)}</div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* a list that failed to load is only the error and its 重试 above, never "还没有子账号" */}
      {!(subUsers.isError && subUserList.length === 0) && (
        <div className="gs-hide-phone">
          <Table<TSubUser>
            label="子账号列表"
            rowKey="sid"
            loading={subUsers.isLoading}
            rows={subUserList}
            className="gs-sub-user-table"
            empty={empty}
            columns={columns}
          />
        </div>
      )}
      {subUsers.data && pageTotal > PAGE_SIZE && (
        <div className="gs-pages-with-total">
          <span>{countText(subUsers.data.total, subUsers.data.totalCapped, '个子账号')}</span>
          <Pagination current={page} pageSize={PAGE_SIZE} total={pageTotal} onChange={goTo} />
        </div>
      )}
      <DialogSlot when={creating}>
        <CreateSubUserModal open={creating} onClose={() => setCreating(false)} />
      </DialogSlot>
      <DialogSlot when={editing !== null}>
        <EditSubUserModal subUser={editing} onClose={() => setEditing(null)} />
      </DialogSlot>
      <DialogSlot when={passwordFor !== null}>
        <SubUserPasswordModal subUser={passwordFor} onClose={() => setPasswordFor(null)} />
      </DialogSlot>
      <DialogSlot when={emailFor !== null}>
        <SubUserEmailModal subUser={emailFor} onClose={() => setEmailFor(null)} />
      </DialogSlot>
    </SectionCard>
  );
}
