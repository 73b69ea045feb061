import { chinaClockOf } from '@gemstock/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';

export function AppFooter({ siteName, devOutbox }: { siteName: string; devOutbox: boolean }) {
  const openLegal = useDialogs((s) => s.openLegal);
  return (
    <footer className="gs-footer">
      <div className="gs-container gs-footer__inner">
        <p className="gs-footer__copy">
          © {chinaClockOf(new Date()).year} {siteName} Gemstock · 珠宝行业正版图片与视频授权平台
        </p>
        <div className="gs-footer__links">
          <Link to={paths.question}>常见问题</Link>
          <Link to={paths.xiaohongshu}>小红书</Link>
          <button type="button" className="gs-link-button" onClick={() => openLegal('agreement')}>
            用户协议
          </button>
          <button type="button" className="gs-link-button" onClick={() => openLegal('privacy')}>
            个人信息保护指引
          </button>
          {devOutbox && <Link to={paths.devOutbox}>开发邮箱（验证码）</Link>}
        </div>
      </div>
    </footer>
  );
}
