import { NotYetAvailable } from '@/components/not-yet-available';
import { PageContainer } from '@/components/page-container';

/** /xiaohongshu — social-media promotion page. */
export default function XiaohongshuPage() {
  return (
    <PageContainer title="小红书" subTitle="珠宝新媒体内容灵感与推广合作">
      <NotYetAvailable
        title="小红书专区即将上线"
        description="适合小红书笔记的珠宝图片、视频与推广活动将在这里发布。"
      />
    </PageContainer>
  );
}
