import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { paths } from '@/config/paths';

/** /cart — login required; cart contents and checkout arrive with the cart issue. */
export default function CartPage() {
  const navigate = useNavigate();
  return (
    <PageContainer title="购物车">
      <NotYetAvailable
        title="购物车暂未开放"
        description="加入购物车、选择授权类型与结算功能将在后续版本上线。"
        extra={
          <Button type="primary" onClick={() => navigate(paths.home)}>
            去逛逛
          </Button>
        }
      />
    </PageContainer>
  );
}
