import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';

/** /video — featured videos. */
export default function VideoPage() {
  return (
    <PageContainer title="精选视频" subTitle="可商用的珠宝展示视频，适合新媒体与门店大屏">
      <NotYetAvailable title="精选视频即将上线" description="视频素材将在素材目录上线后在这里展示与授权。" />
    </PageContainer>
  );
}
