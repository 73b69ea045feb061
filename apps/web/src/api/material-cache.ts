import type { TMaterial } from '@gemstock/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { USER_SCOPE } from '@/lib/query-client';
import { type SessionState, useSession } from '@/stores/session';

/**
 * Materials appear in many caches at once (search pages, detail, related, free, videos, likes)
 * and carry the viewer's `liked`. Every such query key starts with MATERIALS_SCOPE and the
 * viewer, so signing in or out fetches fresh `liked` flags, and a like can be patched into every
 * copy of a material in one pass.
 */
export const MATERIALS_SCOPE = 'materials';

/** The signed-in user's liked list; under USER_SCOPE so logout drops it. */
export const LIKED_MATERIALS_KEY = [USER_SCOPE, 'liked-materials'] as const;

export type Viewer = string;

/** The viewer of a visitor without a session. */
export const GUEST_VIEWER: Viewer = 'guest';

/** The viewer part of a material query key: the user's sid, or GUEST_VIEWER. */
export function viewerOf(session: Pick<SessionState, 'user'>): Viewer {
  return session.user?.lastLoginAt ? session.user.sid : GUEST_VIEWER;
}

export function useViewer(): Viewer {
  return useSession(viewerOf);
}

export function materialsKey(viewer: Viewer, ...rest: unknown[]): QueryKey {
  return [MATERIALS_SCOPE, viewer, ...rest];
}

export type MaterialPatch = Partial<Pick<TMaterial, 'liked' | 'likeCount'>>;

function isMaterial(value: unknown): value is TMaterial {
  return typeof value === 'object' && value !== null && 'sid' in value && 'format' in value && 'keywords' in value;
}

function patchList(list: readonly unknown[], sid: string, patch: MaterialPatch): readonly unknown[] {
  let changed = false;
  const next = list.map((item) => {
    const patched = patchMaterialData(item, sid, patch);
    if (patched !== item) changed = true;
    return patched;
  });
  return changed ? next : list;
}

/**
 * Returns `data` with the material `sid` patched wherever it occurs in the shapes our caches
 * hold: a material, `{materials: [...]}` (+ other fields), or infinite data `{pages, pageParams}`.
 * Unchanged data is returned as the same object so React Query skips re-rendering.
 */
export function patchMaterialData(data: unknown, sid: string, patch: MaterialPatch): unknown {
  if (isMaterial(data)) {
    if (data.sid !== sid) return data;
    const next = { ...data, ...patch };
    if (next.likeCount < 0) next.likeCount = 0;
    return next;
  }
  if (typeof data !== 'object' || data === null) return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    const pages = patchList(data.pages, sid, patch);
    return pages === data.pages ? data : { ...data, pages };
  }
  if ('materials' in data && Array.isArray(data.materials)) {
    const materials = patchList(data.materials, sid, patch);
    return materials === data.materials ? data : { ...data, materials };
  }
  return data;
}

/** The material `sid` as the caches currently show it, if any holds it. */
export function findCachedMaterial(client: QueryClient, sid: string): TMaterial | undefined {
  let found: TMaterial | undefined;
  const visit = (data: unknown): void => {
    if (found || typeof data !== 'object' || data === null) return;
    if (isMaterial(data)) {
      if (data.sid === sid) found = data;
      return;
    }
    if ('pages' in data && Array.isArray(data.pages)) data.pages.forEach(visit);
    else if ('materials' in data && Array.isArray(data.materials)) data.materials.forEach(visit);
  };
  for (const [, data] of client.getQueriesData({ queryKey: [MATERIALS_SCOPE] })) visit(data);
  return found;
}

export function patchMaterialInCaches(client: QueryClient, sid: string, patch: MaterialPatch): void {
  for (const queryKey of [[MATERIALS_SCOPE], LIKED_MATERIALS_KEY]) {
    client.setQueriesData({ queryKey }, (data: unknown) => patchMaterialData(data, sid, patch));
  }
}
