import type { PayWay } from '@gemstock/contract';
import type { AdvancedValues } from '../components/order-section';
import type { UploadedFile } from '../components/uploaded-file';

/**
 * What the buyer has put into the advanced form of one material and not yet ordered: kept while
 * the tab lives, so leaving the page (back, a link, a reload) and coming back finds it again.
 * The uploads are kept by their storage keys: the server still holds the files, and the order
 * sends the keys.
 */
export interface CustomDraft {
  values: AdvancedValues;
  product: UploadedFile | null;
  logo: UploadedFile | null;
  /** The pay way the buyer picked for the estimate; null while they have not picked one. */
  payWay: PayWay | null;
}

export const EMPTY_VALUES: AdvancedValues = { direction: '', style: '', gender: null, title: '', subTitle: '' };

export const EMPTY_DRAFT: CustomDraft = { values: EMPTY_VALUES, product: null, logo: null, payWay: null };

/** Whether the buyer has given anything that leaving would lose (a pay way alone is no input). */
export function hasInput({ values, product, logo }: CustomDraft): boolean {
  return (
    product !== null ||
    logo !== null ||
    values.gender !== null ||
    [values.direction, values.style, values.title, values.subTitle].some((text) => text !== '')
  );
}

const STORAGE_PREFIX = 'gemstock.customize-draft';

/** One draft per account and material: another account signing in on this tab never sees it. */
const keyOf = (userSid: string, materialSid: string) => `${STORAGE_PREFIX}:${userSid}:${materialSid}`;

// This page's drafts as they are, object URLs of the picked files included. The tab's storage
// holds a copy for a reload, whose page cannot show those URLs any more.
const inMemory = new Map<string, CustomDraft>();

function withoutDeadPreview(file: UploadedFile | null): UploadedFile | null {
  if (!file || !file.previewUrl.startsWith('blob:')) return file;
  return { ...file, previewUrl: '' };
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isDraft(value: unknown): value is CustomDraft {
  if (typeof value !== 'object' || value === null) return false;
  const draft = value as Partial<CustomDraft>;
  const isFile = (file: unknown) =>
    file === null ||
    (typeof file === 'object' &&
      typeof (file as UploadedFile).key === 'string' &&
      typeof (file as UploadedFile).previewUrl === 'string');
  return typeof draft.values === 'object' && draft.values !== null && isFile(draft.product) && isFile(draft.logo);
}

export function readDraft(userSid: string, materialSid: string): CustomDraft | null {
  const key = keyOf(userSid, materialSid);
  const kept = inMemory.get(key);
  if (kept) return kept;
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(key) ?? 'null');
    if (!isDraft(parsed)) return null;
    return { ...EMPTY_DRAFT, ...parsed, values: { ...EMPTY_VALUES, ...parsed.values } };
  } catch {
    return null;
  }
}

export function saveDraft(userSid: string, materialSid: string, draft: CustomDraft): void {
  const key = keyOf(userSid, materialSid);
  if (!hasInput(draft)) {
    clearDraft(userSid, materialSid);
    return;
  }
  inMemory.set(key, draft);
  const stored = { ...draft, product: withoutDeadPreview(draft.product), logo: withoutDeadPreview(draft.logo) };
  try {
    session()?.setItem(key, JSON.stringify(stored));
  } catch {
    // the tab's storage is full (the previews): keep the rest, the files show by their names
    try {
      session()?.setItem(
        key,
        JSON.stringify({
          ...stored,
          product: stored.product && { ...stored.product, previewUrl: '' },
          logo: stored.logo && { ...stored.logo, previewUrl: '' },
        }),
      );
    } catch {
      /* no storage: the draft lives as long as this page */
    }
  }
}

/** The order is placed: nothing is left to come back to. */
export function clearDraft(userSid: string, materialSid: string): void {
  const key = keyOf(userSid, materialSid);
  inMemory.delete(key);
  try {
    session()?.removeItem(key);
  } catch {
    /* ignore */
  }
}
