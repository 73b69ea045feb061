import { PrivacyRequestKind, PrivacyRequestStatus } from '@gemstock/contract';

/** How each kind of personal-information request reads in the console, and its tag's colour. */
export const PRIVACY_KIND_TAG: Record<PrivacyRequestKind, { text: string; color: string }> = {
  [PrivacyRequestKind.COPY]: { text: '获取副本', color: 'blue' },
  [PrivacyRequestKind.CORRECTION]: { text: '更正', color: 'gold' },
  [PrivacyRequestKind.DELETION]: { text: '注销账号', color: 'volcano' },
};

export const PRIVACY_STATUS_TAG: Record<PrivacyRequestStatus, { text: string; color: string }> = {
  [PrivacyRequestStatus.PENDING]: { text: '待处理', color: 'processing' },
  [PrivacyRequestStatus.DONE]: { text: '已完成', color: 'success' },
  [PrivacyRequestStatus.REFUSED]: { text: '已拒绝', color: 'default' },
};
