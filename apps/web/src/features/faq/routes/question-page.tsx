import { PageContainer } from '@/components/page-container';
import { ContentHtml } from '@/components/content-html';

/**
 * /question — the FAQ the operators edit (内容管理, docs/decisions/0042): the server draws its
 * Markdown into groups of native disclosures (open with a click, Enter or Space; the answers are
 * in the page for search) and, for a first visit, into the page itself. Plain elements: no antd.
 */
export default function QuestionPage() {
  return (
    <PageContainer title="常见问题" subTitle="关于授权、支付、发票、VIP 与定制服务的常见疑问" width="narrow">
      <ContentHtml documentKey="faq" className="gs-faq-page" />
      <p className="gs-text-secondary">没有找到答案？登录后点击页面右下角的客服图标，扫码联系我们。</p>
    </PageContainer>
  );
}
