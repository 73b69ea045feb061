import { Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';

export function AppFooter({ siteName, devOutbox }: { siteName: string; devOutbox: boolean }) {
  const openLegal = useDialogs((s) => s.openLegal);
  return (
    <footer className="gs-footer">
      <div className="gs-container">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">
            © {new Date().getFullYear()} {siteName} Gemstock · 珠宝行业正版图片与视频授权平台
          </Typography.Text>
          <Flex gap={20} wrap className="gs-footer__links">
            <Link to={paths.question}>常见问题</Link>
            <button type="button" className="gs-link-button" onClick={() => openLegal('agreement')}>
              用户协议
            </button>
            <button type="button" className="gs-link-button" onClick={() => openLegal('privacy')}>
              个人信息保护指引
            </button>
            {devOutbox && <Link to={paths.devOutbox}>开发邮箱（验证码）</Link>}
          </Flex>
        </Flex>
      </div>
    </footer>
  );
}
