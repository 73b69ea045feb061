import { Outlet, useLocation } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { TabLinks } from '@/components/ui/tabs';
import { paths } from '@/config/paths';

/** /record — my materials: purchases (ordinary) and custom orders (customize). */
export default function RecordLayout() {
  const { pathname } = useLocation();
  return (
    <PageContainer title="我的素材">
      <TabLinks
        label="我的素材"
        activeTo={pathname.startsWith(paths.record.customize) ? paths.record.customize : paths.record.ordinary}
        items={[
          { to: paths.record.ordinary, label: '素材购买记录' },
          { to: paths.record.customize, label: '定制记录' },
        ]}
      />
      <Outlet />
    </PageContainer>
  );
}
