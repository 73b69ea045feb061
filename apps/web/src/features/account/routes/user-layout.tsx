import { HeartOutlined, ProfileOutlined, SettingOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { Col, Menu, Row } from 'antd';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/stores/session';

/** /user — the account area with its side menu (login required). */
export default function UserLayout() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showSubAccounts = user?.level === 0 && user.subEnabled;

  const items = [
    { key: paths.user.accountSetting, icon: <SettingOutlined />, label: '账号设置' },
    { key: paths.user.companySetting, icon: <ShopOutlined />, label: '企业信息' },
    { key: paths.user.order, icon: <ProfileOutlined />, label: '我的订单' },
    { key: paths.user.like, icon: <HeartOutlined />, label: '我的喜欢' },
    ...(showSubAccounts ? [{ key: paths.user.subAccount, icon: <TeamOutlined />, label: '我的子账号' }] : []),
  ];

  return (
    <PageContainer>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={6} lg={5}>
          {/* phones: one row of links that scrolls sideways, so the page starts near the top */}
          <nav className="gs-show-phone gs-user-tabs" aria-label="个人中心">
            {items.map((item) => (
              <NavLink key={item.key} to={item.key} className="gs-user-tabs__link">
                {item.label}
              </NavLink>
            ))}
          </nav>
          <nav className="gs-card gs-hide-phone" aria-label="个人中心">
            <Menu
              mode="inline"
              selectedKeys={[pathname]}
              items={items}
              onClick={({ key }) => navigate(key)}
              style={{ borderInlineEnd: 'none', borderRadius: 8, padding: '8px 0' }}
            />
          </nav>
        </Col>
        <Col xs={24} md={18} lg={19}>
          <Outlet />
        </Col>
      </Row>
    </PageContainer>
  );
}
