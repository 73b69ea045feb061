import {
  AccountBookOutlined,
  AimOutlined,
  BgColorsOutlined,
  AuditOutlined,
  BankOutlined,
  CheckSquareOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  FileSearchOutlined,
  FireOutlined,
  GiftOutlined,
  HomeOutlined,
  LogoutOutlined,
  LineChartOutlined,
  PictureOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  SmileOutlined,
  FileTextOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  ADMIN_AUDIT_ROUTES,
  ADMIN_COMPANY_ROUTES,
  ADMIN_COUPON_ROUTES,
  ADMIN_DESIGN_ROUTES,
  ADMIN_INVOICE_ROUTES,
  ADMIN_KEYWORD_ROUTES,
  ADMIN_MATERIAL_ROUTES,
  ADMIN_OPERATOR_ROUTES,
  ADMIN_ORDER_ROUTES,
  ADMIN_DASHBOARD_ROUTES,
  ADMIN_OVERVIEW_ROUTES,
  ADMIN_PAYMENT_ROUTES,
  ADMIN_PRIVACY_ROUTES,
  ADMIN_REVIEW_ROUTES,
  ADMIN_SURVEY_ROUTES,
  ADMIN_TRACE_ACCESS,
  ADMIN_CONTENT_ROUTES,
  OPERATOR_ROLE_LABEL,
  type OverviewItem,
  SERVICE_QR_ROUTES,
} from '@gemstock/contract';
import { Alert, Avatar, Badge, Button, Flex, Layout, Menu, Result, Spin, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadError } from '@/components/load-error';
import { useAdminMe } from '../api/get-admin-me';
import { useOverview } from '../api/get-overview';
import { useServiceQrSetting } from '../api/service-qr-setting';
import { adminLogout } from '../lib/admin-api';
import { adminPaths } from '../lib/admin-paths';
import { useAdminSession } from '../lib/admin-session';
import { overviewCountText } from '../lib/overview-count';
import { type CanCall, useOperatorCan } from '../lib/operator-access';

/** Its form is needed by a new or reset operator only: not part of every page's first render. */
const PasswordChangeRequired = lazy(async () => ({
  default: (await import('./password-change-required')).PasswordChangeRequired,
}));

interface MenuEntry {
  key: string;
  icon: ReactNode;
  label: string;
  title: string;
  /** The call the page is built on: the entry shows only to roles that may make it. */
  needs: Parameters<CanCall>[0];
  /** The to-do figure shown beside the entry (the work waiting on that page), when there is one. */
  counter?: OverviewItem;
}

const MENU: MenuEntry[] = [
  {
    key: adminPaths.overview,
    icon: <CheckSquareOutlined />,
    label: '今日待办',
    title: '今日待办',
    needs: ADMIN_OVERVIEW_ROUTES.overview,
  },
  {
    key: adminPaths.dashboard,
    icon: <LineChartOutlined />,
    label: '数据看板',
    title: '数据看板',
    needs: ADMIN_DASHBOARD_ROUTES.dashboard,
  },
  {
    key: adminPaths.materials,
    icon: <PictureOutlined />,
    label: '素材管理',
    title: '素材管理',
    needs: ADMIN_MATERIAL_ROUTES.list,
    counter: 'mediaFailed',
  },
  {
    key: adminPaths.upload,
    icon: <CloudUploadOutlined />,
    label: '上传素材',
    title: '上传素材',
    needs: ADMIN_MATERIAL_ROUTES.uploadConfig,
  },
  {
    key: adminPaths.review,
    icon: <FileSearchOutlined />,
    label: '素材审核',
    title: '素材审核',
    needs: ADMIN_REVIEW_ROUTES.queue,
    counter: 'reviewPending',
  },
  {
    key: adminPaths.keywords,
    icon: <FireOutlined />,
    label: '热门关键词',
    title: '热门关键词',
    needs: ADMIN_KEYWORD_ROUTES.lists,
  },
  {
    key: adminPaths.orders,
    icon: <ProfileOutlined />,
    label: '订单管理',
    title: '订单管理',
    needs: ADMIN_ORDER_ROUTES.list,
  },
  {
    key: adminPaths.companies,
    icon: <ShopOutlined />,
    label: '企业客户',
    title: '企业客户',
    needs: ADMIN_COMPANY_ROUTES.list,
  },
  {
    key: adminPaths.transfers,
    icon: <BankOutlined />,
    label: '转账确认',
    title: '转账确认',
    needs: ADMIN_ORDER_ROUTES.confirmTransfer,
    counter: 'transfersWaiting',
  },
  {
    key: adminPaths.invoices,
    icon: <AccountBookOutlined />,
    label: '发票管理',
    title: '发票管理',
    needs: ADMIN_INVOICE_ROUTES.list,
    counter: 'invoicesToIssue',
  },
  {
    key: adminPaths.demands,
    icon: <BgColorsOutlined />,
    label: '定制需求',
    title: '定制需求',
    needs: ADMIN_DESIGN_ROUTES.list,
    counter: 'demandsWaiting',
  },
  {
    key: adminPaths.surveys,
    icon: <SmileOutlined />,
    label: '满意度调查',
    title: '满意度调查',
    needs: ADMIN_SURVEY_ROUTES.list,
  },
  {
    key: adminPaths.privacy,
    icon: <SafetyCertificateOutlined />,
    label: '隐私请求',
    title: '隐私请求',
    needs: ADMIN_PRIVACY_ROUTES.list,
  },
  {
    key: adminPaths.trace,
    icon: <AimOutlined />,
    label: '溯源',
    title: '溯源',
    needs: ADMIN_TRACE_ACCESS,
  },
  {
    key: adminPaths.paymentExceptions,
    icon: <WarningOutlined />,
    label: '支付异常',
    title: '支付异常',
    needs: ADMIN_PAYMENT_ROUTES.exceptions,
    counter: 'exceptionsOpen',
  },
  {
    key: adminPaths.coupons,
    icon: <GiftOutlined />,
    label: '优惠券',
    title: '优惠券',
    needs: ADMIN_COUPON_ROUTES.list,
  },
  {
    key: adminPaths.audit,
    icon: <AuditOutlined />,
    label: '操作日志',
    title: '操作日志',
    needs: ADMIN_AUDIT_ROUTES.list,
  },
  {
    key: adminPaths.content,
    icon: <FileTextOutlined />,
    label: '内容管理',
    title: '内容管理',
    needs: ADMIN_CONTENT_ROUTES.saveDraft,
  },
  {
    key: adminPaths.serviceSettings,
    icon: <CustomerServiceOutlined />,
    label: '客服设置',
    title: '客服设置',
    needs: SERVICE_QR_ROUTES.setting,
  },
  {
    key: adminPaths.operators,
    icon: <TeamOutlined />,
    label: '账号管理',
    title: '账号管理',
    needs: ADMIN_OPERATOR_ROUTES.list,
  },
];

/** Pages every operator has, outside the menu of roles. */
const OWN_PAGES = [{ key: adminPaths.account, title: '我的账号' }];

/** The first page of the menu the operator's roles open: where /admin leads. */
export function firstAllowedPage(can: CanCall): string {
  return MENU.find((m) => can(m.needs))?.key ?? adminPaths.account;
}

/** /admin: the first page the operator's roles open. */
export function AdminHome() {
  const token = useAdminSession((s) => s.token);
  const me = useAdminMe(token !== null);
  const { can, loaded } = useOperatorCan();
  if (me.isError && !loaded) {
    return <LoadError title="账号信息加载失败" error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (!loaded) return <Spin style={{ display: 'block', marginTop: 96 }} />;
  return <Navigate to={firstAllowedPage(can)} replace />;
}

/** Console frame: the side menu, the operator and sign-out; pages render in the content area. */
export function AdminLayout() {
  const token = useAdminSession((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();
  const me = useAdminMe(token !== null);
  const { can, loaded } = useOperatorCan();
  // the console warns on every page until buyers can reach a real customer-service QR (the
  // roles that set it up see it)
  const serviceQr = useServiceQrSetting(token !== null && can(SERVICE_QR_ROUTES.setting));
  const menu = MENU.filter((m) => can(m.needs));
  const overview = useOverview(token !== null && loaded && can(ADMIN_OVERVIEW_ROUTES.overview)).data;
  const current = [...MENU, ...OWN_PAGES].find((m) => location.pathname.startsWith(m.key));
  const operator = me.data?.operator;
  // several servers on one database without shared media storage: shown on every page until fixed
  const clusterWarning = me.data?.warnings.cluster ?? null;

  useEffect(() => {
    document.title = `${current?.title ?? '运营后台'} - 宝图运营后台`;
  }, [current]);

  if (!token) {
    const here = `${location.pathname}${location.search}`;
    return <Navigate to={`${adminPaths.login}?redirect=${encodeURIComponent(here)}`} replace />;
  }

  const signOut = () => {
    void adminLogout().then(() => navigate(adminPaths.login, { replace: true }));
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={208}
        breakpoint="lg"
        collapsedWidth={64}
        theme="light"
        style={{ borderRight: '1px solid #f0f0f0' }}
      >
        <Flex align="center" gap={8} style={{ height: 64, paddingInline: 20 }}>
          <Typography.Text strong style={{ fontSize: 17, whiteSpace: 'nowrap', color: 'var(--ant-color-primary)' }}>
            宝图 · 运营后台
          </Typography.Text>
        </Flex>
        <Menu
          mode="inline"
          selectedKeys={current ? [current.key] : []}
          items={menu.map(({ key, icon, label, counter }) => {
            const figure = counter ? overview?.[counter] : null;
            return {
              key,
              icon,
              label:
                figure && figure.count > 0 ? (
                  <Flex justify="space-between" align="center" gap={8}>
                    {label}
                    <Badge
                      count={overviewCountText(figure)}
                      color="var(--ant-color-error)"
                      aria-label={`${figure.count} 项待办`}
                    />
                  </Flex>
                ) : (
                  label
                ),
            };
          })}
          onClick={({ key }) => void navigate(key)}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            borderBottom: '1px solid #f0f0f0',
            paddingInline: 24,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {current?.title ?? '运营后台'}
          </Typography.Title>
          <Flex align="center" gap={16}>
            <Link to="/">
              <HomeOutlined /> 返回前台
            </Link>
            {operator ? (
              <Link to={adminPaths.account} aria-label="我的账号">
                <Flex align="center" gap={8}>
                  <Avatar size="small" style={{ background: 'var(--ant-color-primary)' }} icon={<UserOutlined />} />
                  <Typography.Text>{operator.name ?? operator.username}</Typography.Text>
                  {operator.roles.map((role) => (
                    <Tag key={role} style={{ marginInlineEnd: 0 }}>
                      {OPERATOR_ROLE_LABEL[role]}
                    </Tag>
                  ))}
                </Flex>
              </Link>
            ) : (
              <Spin size="small" />
            )}
            <Button icon={<LogoutOutlined />} onClick={signOut}>
              退出
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {clusterWarning && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              title="服务器的媒体存储未共享"
              description={clusterWarning}
            />
          )}
          {serviceQr.data?.warning && current?.key !== adminPaths.serviceSettings && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={serviceQr.data.warning}
              action={
                <Button size="small" onClick={() => void navigate(adminPaths.serviceSettings)}>
                  去设置
                </Button>
              }
            />
          )}
          {loaded && current && 'needs' in current && !can(current.needs) ? (
            <Result
              status="403"
              title="没有权限"
              subTitle="您的角色无权使用此页面，如需使用请联系管理员调整角色"
              extra={
                <Button type="primary" onClick={() => void navigate(firstAllowedPage(can))}>
                  返回可用页面
                </Button>
              }
            />
          ) : (
            <Outlet />
          )}
          {operator?.mustChangePassword && (
            <Suspense fallback={null}>
              <PasswordChangeRequired />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
