import { FileSearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { PageResult } from './page-result';

export function NotFoundResult() {
  const navigate = useNavigate();
  return (
    <PageResult
      tone="info"
      icon={<FileSearchOutlined />}
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除"
      extra={
        <Button type="primary" onClick={() => navigate(paths.home)}>
          返回首页
        </Button>
      }
    />
  );
}
