import { type PrivacyRequestKind, PrivacyRequestStatus } from '@gemstock/contract';
import type { TagColor } from '@/components/ui/feedback';

/** How each kind of personal-information request reads. */
export const PRIVACY_KIND_LABEL: Record<PrivacyRequestKind, string> = {
  COPY: '获取个人信息副本',
  CORRECTION: '更正个人信息',
  DELETION: '注销账号',
};

/** How each state reads, and its tag's colour. */
export const PRIVACY_STATUS_TAG: Record<PrivacyRequestStatus, { label: string; color: TagColor }> = {
  [PrivacyRequestStatus.PENDING]: { label: '处理中', color: 'geekblue' },
  [PrivacyRequestStatus.DONE]: { label: '已完成', color: 'green' },
  [PrivacyRequestStatus.REFUSED]: { label: '未能办理', color: 'red' },
};
