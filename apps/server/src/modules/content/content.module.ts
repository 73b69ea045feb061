import type { ContentKey, TPublishedContent } from '@gemstock/contract';
import type { AppDeps } from '../../app-deps.js';
import { bindService } from '../../lib/bind-service.js';
import {
  forgetPublished,
  getPublished,
  getVersion,
  listConsents,
  listDocuments,
  listVersions,
  previewContent,
  publishDraft,
  rollbackTo,
  saveDraft,
} from './content.service.js';

/** Content the operators edit (内容管理) and the site reads; built once, in services.ts. */
export function createContentService(deps: Pick<AppDeps, 'db' | 'changes'>) {
  return bindService(
    { db: deps.db, changes: deps.changes, published: new Map<ContentKey, TPublishedContent>() },
    {
      getPublished,
      forgetPublished,
      listDocuments,
      listVersions,
      getVersion,
      previewContent,
      saveDraft,
      publishDraft,
      rollbackTo,
      listConsents,
    },
  );
}

export type ContentService = ReturnType<typeof createContentService>;
