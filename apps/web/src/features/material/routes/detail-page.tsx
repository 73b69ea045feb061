import { Breadcrumb } from 'antd';
import { Link, useParams } from 'react-router';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';

/** /detail/:sid — material detail; its content arrives with the catalogue issue. */
export default function DetailPage() {
  const { sid = '' } = useParams();
  return (
    <PageContainer>
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to={paths.home}>首页</Link> }, { title: '素材详情' }, { title: sid }]}
      />
      <NotYetAvailable
        title="素材详情暂未开放"
        description={`素材 ${sid} 的预览、授权选择与加入购物车将在素材目录上线后提供。`}
      />
    </PageContainer>
  );
}
