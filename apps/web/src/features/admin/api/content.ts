import {
  ADMIN_CONTENT_API,
  type ContentKey,
  type TContentVersion,
  type TSaveContentDraftRequest,
} from '@gemstock/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callAdminApi } from '../lib/admin-api';
import { ADMIN_SCOPE } from '../lib/admin-paths';

const contentScope = [ADMIN_SCOPE, 'content'] as const;

/** GET /api/admin/content → every document, its published version and its draft. */
export function useContentDocuments() {
  return useQuery({
    queryKey: [...contentScope, 'documents'],
    queryFn: ({ signal }) => callAdminApi(ADMIN_CONTENT_API.documents, {}, { signal }),
  });
}

/** GET /api/admin/content/:key/versions, newest first, a page at a time (keyset). */
export function useContentVersions(key: ContentKey) {
  return useInfiniteQuery({
    queryKey: [...contentScope, 'versions', key],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callAdminApi(
        ADMIN_CONTENT_API.versions,
        { params: { key }, query: { page_size: 10, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const versionQuery = (key: ContentKey, version: number | null) => ({
  queryKey: [...contentScope, 'version', key, version],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callAdminApi(ADMIN_CONTENT_API.version, { params: { key, version: String(version) } }, { signal }),
});

/** GET /api/admin/content/:key/versions/:version → its Markdown and the HTML the site shows. */
export function useContentVersion(key: ContentKey, version: number | null) {
  return useQuery({ ...versionQuery(key, version), enabled: version !== null });
}

/** The same, read on demand (a rollback's comparison), through the same cache. */
export function useFetchContentVersion(key: ContentKey) {
  const queryClient = useQueryClient();
  return (version: number) => queryClient.fetchQuery(versionQuery(key, version));
}

/** POST /api/admin/content/preview: the server's own drawing of the Markdown (sanitised as published). */
export function useContentPreview(key: ContentKey, body: string) {
  return useQuery({
    queryKey: [...contentScope, 'preview', key, body],
    enabled: body.trim().length > 0,
    queryFn: ({ signal }) => callAdminApi(ADMIN_CONTENT_API.preview, { body: { key, body } }, { signal, quiet: true }),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}

function useContentChange<V>(request: (value: V) => Promise<TContentVersion>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (version) =>
      queryClient.setQueryData([...contentScope, 'version', version.key, version.version], version),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: contentScope });
      await queryClient.invalidateQueries({ queryKey: [ADMIN_SCOPE, 'audit'] });
    },
  });
}

/** PUT /api/admin/content/:key/draft (audited). */
export function useSaveContentDraft(key: ContentKey) {
  return useContentChange((body: TSaveContentDraftRequest) =>
    callAdminApi(ADMIN_CONTENT_API.saveDraft, { params: { key }, body }),
  );
}

/** POST /api/admin/content/:key/publish (audited): every server shows it at once. */
export function usePublishContent(key: ContentKey) {
  return useContentChange((version: number) =>
    callAdminApi(ADMIN_CONTENT_API.publish, { params: { key }, body: { version } }),
  );
}

/** POST /api/admin/content/:key/rollback (audited): an earlier text published again as a new version. */
export function useRollbackContent(key: ContentKey) {
  return useContentChange((version: number) =>
    callAdminApi(ADMIN_CONTENT_API.rollback, { params: { key }, body: { version } }),
  );
}

/** GET /api/admin/consents?company= → the agreements a company accepted, newest first. */
export function useCompanyConsents(company: string | null) {
  return useInfiniteQuery({
    queryKey: [ADMIN_SCOPE, 'consents', company],
    enabled: company !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callAdminApi(
        ADMIN_CONTENT_API.consents,
        { query: { company: company ?? '', page_size: 10, ...(pageParam ? { cursor: pageParam } : {}) } },
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
