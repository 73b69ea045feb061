import { CloseCircleFilled } from '@/components/ui/icon-paths';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { NotFoundResult } from '@/components/not-found-result';
import { PageResult } from '@/components/page-result';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { logError } from '@/lib/logger';
import { paths } from '@/config/paths';

/** Errors thrown while loading or rendering a page; the header and footer stay usable. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundResult />;
  }
  logError('页面出错', error);
  const isChunkError =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <PageResult
      tone="error"
      icon={<Icon icon={CloseCircleFilled} />}
      title={isChunkError ? '页面资源已更新' : '页面出错了'}
      subTitle={isChunkError ? '网站刚刚发布了新版本，请刷新页面后继续。' : '请刷新页面重试，如仍有问题请联系客服。'}
      extra={
        <>
          <Button kind="primary" onClick={() => window.location.reload()}>
            刷新页面
          </Button>
          <Button onClick={() => navigate(paths.home)}>返回首页</Button>
        </>
      }
    />
  );
}
