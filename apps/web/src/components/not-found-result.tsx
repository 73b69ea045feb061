import { FileSearchOutlined } from '@/components/ui/icon-paths';
import { paths } from '@/config/paths';
import { PageResult } from './page-result';
import { ButtonLink } from './ui/button';
import { Icon } from './ui/icon';

export function NotFoundResult() {
  return (
    <PageResult
      tone="info"
      icon={<Icon icon={FileSearchOutlined} />}
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除"
      extra={
        <ButtonLink kind="primary" to={paths.home}>
          返回首页
        </ButtonLink>
      }
    />
  );
}
