import { Button } from 'antd';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';

/** /free-material — free downloads (with the download-only licence agreement, later issue). */
export default function FreeMaterialPage() {
  const openCustomize = useDialogs((s) => s.openCustomize);
  const openAuth = useDialogs((s) => s.openAuth);
  const isLoggedIn = useIsLoggedIn();
  return (
    <PageContainer title="免费素材" subTitle="限时免费下载的珠宝素材，下载前需同意授权许可协议">
      <NotYetAvailable
        title="免费素材即将上线"
        description="免费素材下载将在素材目录上线后开放。需要为您的产品定制素材？可以先咨询定制客服。"
        extra={
          <Button onClick={() => (isLoggedIn ? openCustomize('free') : openAuth('login', { kind: 'customize' }))}>
            咨询定制
          </Button>
        }
      />
    </PageContainer>
  );
}
