import { ContentHtml } from '@/components/content-html';

/** 用户协议 — the platform's terms of use (spec §1, §4, §9), as published in 内容管理 (decision 0042). */
export function UserAgreementText() {
  return <ContentHtml documentKey="user_agreement" />;
}

/** 个人信息保护指引 — what personal information is collected and how it is handled, as published. */
export function PrivacyGuideText() {
  return <ContentHtml documentKey="privacy_guide" />;
}
