import { useEffect, useId } from 'react';
import {
  CloseOutlined,
  CustomerServiceOutlined,
  FileProtectOutlined,
  PictureOutlined,
} from '@/components/ui/icon-paths';
import { SkinOutlined } from '../icon-paths';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { useSiteConfig } from '@/api/site-config';
import { useDialogs } from '@/stores/dialogs';

const POINTS = [
  { icon: PictureOutlined, title: '正版珠宝素材', text: '精选珠宝图片与视频，按用途选择扩展、标准或新媒体授权' },
  { icon: FileProtectOutlined, title: '企业授权与发票', text: '以企业名义签署授权许可，支持开具发票与对公转账' },
  { icon: SkinOutlined, title: '定制设计', text: '替换为您的产品、Logo 与文案，或一对一全新定制' },
  { icon: CustomerServiceOutlined, title: '专属客服', text: '扫码添加客服，选图、授权与定制问题随时咨询' },
];

/**
 * Guide dialog (spec §2): its registration button opens the register form. A first visit gets it
 * unasked, so it is a card at the screen's edge rather than a modal: the page stays usable and
 * focused where it was, and showing it costs no restyle of the whole page (a modal makes
 * everything behind it inert). Esc or 先逛逛 dismisses it. Plain elements, no component library.
 */
export function GuideDialog() {
  const open = useDialogs((s) => s.guideOpen);
  const close = useDialogs((s) => s.closeGuide);
  const openAuth = useDialogs((s) => s.openAuth);
  const { siteName } = useSiteConfig();
  const titleId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Esc belongs to a modal dialog opened over the card
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('dialog:modal')) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  if (!open) return null;
  return (
    // `open` as an attribute: a non-modal dialog that, unlike show(), takes no focus
    <dialog open className="gs-guide" aria-labelledby={titleId}>
      <button type="button" className="gs-sheet__close gs-guide__close" aria-label="关闭" onClick={close}>
        <Icon icon={CloseOutlined} />
      </button>
      <h2 id={titleId} className="gs-guide__title">
        欢迎来到{siteName}
      </h2>
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
        <Button onClick={close}>先逛逛</Button>
        <Button kind="primary" onClick={() => openAuth('register')}>
          免费注册
        </Button>
      </div>
    </dialog>
  );
}
