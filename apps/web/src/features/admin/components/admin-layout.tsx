import {
  AccountBookOutlined,
  BgColorsOutlined,
  AuditOutlined,
  BankOutlined,
  CloudUploadOutlined,
  CustomerServiceOutlined,
  FileSearchOutlined,
  FireOutlined,
  GiftOutlined,
  HomeOutlined,
  LogoutOutlined,
  PictureOutlined,
  ProfileOutlined,
  SmileOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Alert, Avatar, Button, Flex, Layout, Menu, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAdminMe } from '../api/get-admin-me';
import { useServiceQrSetting } from '../api/service-qr-setting';
import { adminLogout } from '../lib/admin-api';
import { adminPaths } from '../lib/admin-paths';
import { useAdminSession } from '../lib/admin-session';

const MENU = [
  { key: adminPaths.materials, icon: <PictureOutlined />, label: '素材管理', title: '素材管理' },
  { key: adminPaths.upload, icon: <CloudUploadOutlined />, label: '上传素材', title: '上传素材' },
  { key: adminPaths.review, icon: <FileSearchOutlined />, label: '素材审核', title: '素材审核' },
  { key: adminPaths.keywords, icon: <FireOutlined />, label: '热门关键词', title: '热门关键词' },
  { key: adminPaths.orders, icon: <ProfileOutlined />, label: '订单管理', title: '订单管理' },
  { key: adminPaths.transfers, icon: <BankOutlined />, label: '转账确认', title: '转账确认' },
  { key: adminPaths.invoices, icon: <AccountBookOutlined />, label: '发票管理', title: '发票管理' },
  { key: adminPaths.demands, icon: <BgColorsOutlined />, label: '定制需求', title: '定制需求' },
  { key: adminPaths.surveys, icon: <SmileOutlined />, label: '满意度调查', title: '满意度调查' },
  { key: adminPaths.paymentExceptions, icon: <WarningOutlined />, label: '支付异常', title: '支付异常' },
  { key: adminPaths.coupons, icon: <GiftOutlined />, label: '优惠券', title: '优惠券' },
  { key: adminPaths.audit, icon: <AuditOutlined />, label: '操作日志', title: '操作日志' },
  { key: adminPaths.serviceSettings, icon: <CustomerServiceOutlined />, label: '客服设置', title: '客服设置' },
];

/** Console frame: the side menu, the operator and sign-out; pages render in the content area. */
export function AdminLayout() {
  const token = useAdminSession((s) => s.token);
  const location = useLocation();
  const navigate = useNavigate();
  const me = useAdminMe(token !== null);
  // the console warns on every page until buyers can reach a real customer-service QR
  const serviceQr = useServiceQrSetting(token !== null);
  const current = MENU.find((m) => location.pathname.startsWith(m.key));
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
          items={MENU.map(({ key, icon, label }) => ({ key, icon, label }))}
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
              <Flex align="center" gap={8}>
                <Avatar size="small" style={{ background: 'var(--ant-color-primary)' }}>
                  {(operator.name ?? operator.username).slice(0, 1)}
                </Avatar>
                <Typography.Text>{operator.name ?? operator.username}</Typography.Text>
              </Flex>
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
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
