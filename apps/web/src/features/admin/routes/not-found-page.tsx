import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { adminPaths } from '../lib/admin-paths';

/**
 * An address the console does not have, shown inside the console frame. Sending it on to a
 * relative "materials" instead would resolve against the unknown address itself and redirect
 * for ever (/admin/x → /admin/x/materials → …).
 */
export function AdminNotFoundPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle={`运营后台没有 ${pathname} 这个页面，可能是链接有误或页面已移动。`}
      extra={
        <Button type="primary" onClick={() => void navigate(adminPaths.materials)}>
          返回素材管理
        </Button>
      }
    />
  );
}
