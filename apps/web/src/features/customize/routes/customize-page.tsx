import { Button } from 'antd';
import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';
import { useDialogs } from '@/stores/dialogs';

/**
 * /customize — the customization form for a chosen material (login required; entered directly
 * it goes home). The form and custom order arrive with the customization issue.
 */
export default function CustomizePage() {
  const openCustomize = useDialogs((s) => s.openCustomize);
  return (
    <PageContainer title="定制服务">
      <NotYetAvailable
        title="在线定制暂未开放"
        description="上传产品图与 Logo、填写定制需求并下单的功能将在后续版本上线；现在可以先联系定制客服。"
        extra={
          <Button type="primary" onClick={() => openCustomize()}>
            了解定制方式
          </Button>
        }
      />
    </PageContainer>
  );
}
