import { NotYetAvailable } from '@/components/not-yet-available';

export default function OrdinaryRecordsPage() {
  return (
    <NotYetAvailable
      title="暂无已购素材"
      description="购买授权后，素材将出现在这里，可随时重新下载与查看授权信息。素材购买功能即将上线。"
    />
  );
}
