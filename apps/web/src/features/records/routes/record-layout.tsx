import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';

/** /record — my materials: purchases (ordinary) and custom orders (customize). */
export default function RecordLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <PageContainer title="我的素材">
      <Tabs
        activeKey={pathname.startsWith(paths.record.customize) ? paths.record.customize : paths.record.ordinary}
        onChange={(key) => navigate(key)}
        items={[
          { key: paths.record.ordinary, label: '素材购买记录' },
          { key: paths.record.customize, label: '定制记录' },
        ]}
      />
      <Outlet />
    </PageContainer>
  );
}
