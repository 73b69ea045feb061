import { PageContainer } from '@/components/page-container';
import { ContentHtml } from '@/components/content-html';

/** /xiaohongshu — social-media promotion page; its text is edited in 内容管理 (docs/decisions/0042). */
export default function XiaohongshuPage() {
  return (
    <PageContainer title="小红书" subTitle="珠宝新媒体内容灵感与推广合作">
      <div className="gs-card gs-content-card">
        <ContentHtml documentKey="xiaohongshu" />
      </div>
    </PageContainer>
  );
}
