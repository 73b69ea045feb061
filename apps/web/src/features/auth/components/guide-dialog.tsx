import {
  CustomerServiceOutlined,
  FileProtectOutlined,
  PictureOutlined,
  SkinOutlined,
} from '@/components/ui/icon-paths';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { useDialogs } from '@/stores/dialogs';

const POINTS = [
  { icon: PictureOutlined, title: '正版珠宝素材', text: '精选珠宝图片与视频，按用途选择扩展、标准或新媒体授权' },
  { icon: FileProtectOutlined, title: '企业授权与发票', text: '以企业名义签署授权许可，支持开具发票与对公转账' },
  { icon: SkinOutlined, title: '定制设计', text: '替换为您的产品、Logo 与文案，或一对一全新定制' },
  { icon: CustomerServiceOutlined, title: '专属客服', text: '扫码添加客服，选图、授权与定制问题随时咨询' },
];

/**
 * Guide dialog (spec §2): its registration button opens the register form. A native dialog with
 * no component library: it opens on a first visit, so its weight would land on every newcomer.
 */
export function GuideDialog() {
  const open = useDialogs((s) => s.guideOpen);
  const close = useDialogs((s) => s.closeGuide);
  const openAuth = useDialogs((s) => s.openAuth);

  return (
    <Sheet open={open} onClose={close} placement="center" title="欢迎来到宝图" hideTitle>
      <div className="gs-guide">
        <p className="gs-guide__title" aria-hidden>
          欢迎来到宝图
        </p>
        <p className="gs-guide__subtitle gs-text-secondary">为珠宝品牌与门店提供可商用的正版视觉素材</p>
        <ul className="gs-guide__points">
          {POINTS.map((p) => (
            <li key={p.title}>
              <span className="gs-guide-icon">
                <Icon icon={p.icon} />
              </span>
              <span>
                <strong>{p.title}</strong>
                <br />
                <span className="gs-text-secondary">{p.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="gs-guide__actions">
          <Button size="large" onClick={close}>
            先逛逛
          </Button>
          <Button size="large" kind="primary" onClick={() => openAuth('register')}>
            免费注册
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
