import { MATERIAL_ROUTES, type TMaterialsResponse } from '@gemstock/contract';
import { useQuery } from '@tanstack/react-query';
import { materialsKey, useViewer } from '@/api/material-cache';
import { LoadError } from '@/components/load-error';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { callApi } from '@/lib/api-client';

/** GET /api/material/{sid}/similar → {materials}: what looks like it, closest first. */
function getSimilarMaterials(sid: string, signal?: AbortSignal): Promise<TMaterialsResponse> {
  return callApi(MATERIAL_ROUTES.similar, { params: { id: sid } }, { signal, quiet: true });
}

/** About two rows of tiles, like 相关素材 beside it: below the material, out of the first screen. */
const SIMILAR_FIRST_DEPTH = 500;

/**
 * 相似素材: pictures that look like this one (shape, colours, facets). Loaded as its own chunk
 * after the detail page is shown, so the page's first script stays within its budget.
 */
export default function SimilarMaterials({ sid }: { sid: string }) {
  const viewer = useViewer();
  const similar = useQuery({
    queryKey: materialsKey(viewer, 'similar', sid),
    queryFn: ({ signal }) => getSimilarMaterials(sid, signal),
    staleTime: 5 * 60_000,
  });
  const materials = similar.data?.materials ?? [];
  if (similar.isSuccess && materials.length === 0) return null;
  return (
    <section className="gs-related" aria-labelledby="similar-title">
      <h2 id="similar-title" className="gs-related__title">
        相似素材
      </h2>
      {similar.isError ? (
        <LoadError title="相似素材加载失败" onRetry={() => void similar.refetch()} isRetrying={similar.isFetching} />
      ) : similar.isPending ? (
        <MaterialGridSkeleton count={8} minColumnWidth={200} />
      ) : (
        <MaterialGrid materials={materials} minColumnWidth={200} label="相似素材" firstDepth={SIMILAR_FIRST_DEPTH} />
      )}
    </section>
  );
}
