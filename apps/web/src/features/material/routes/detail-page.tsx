import { FileSearchOutlined } from '@/components/ui/icon-paths';
import { DEFAULT_FILTERS, facetValues, type LicenceType, type TMaterial, withCatalogFilters } from '@gemstock/contract';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { PageResult } from '@/components/page-result';
import { PageContainer } from '@/components/page-container';
import { ButtonLink } from '@/components/ui/button';
import { SkeletonBlock, SkeletonText, Tag } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { useHydrated } from '@/hooks/use-hydrated';
import { SEARCH_PARAM, paths } from '@/config/paths';
import { FORMAT_LABEL, defaultLicenceType, licenceOptions, ownedLicenceText } from '@/lib/material-licence';
import { isMaterialMissing, useMaterial } from '../api/get-material';
import { useRelatedMaterials } from '../api/get-related-materials';
import { FreeOffer } from '../components/free-offer';
import { LicencePicker } from '../components/licence-picker';
import { MaterialFacts } from '../components/material-facts';
import { MaterialPreview } from '../components/material-preview';
import { PurchasePanel } from '../components/purchase-panel';

function keywordHref(keyword: string): string {
  return `${paths.home}?${new URLSearchParams({ [SEARCH_PARAM]: keyword }).toString()}`;
}

/**
 * 同款其他材质: home filtered to the same piece and scene in every other metal; null when the
 * material lacks one of the three.
 */
export function sameStyleHref(material: Pick<TMaterial, 'facets'>): string | null {
  const facets = material.facets;
  if (!facets?.piece || !facets.scene || !facets.metal) return null;
  const params = withCatalogFilters(new URLSearchParams(), {
    ...DEFAULT_FILTERS,
    piece: [facets.piece],
    scene: [facets.scene],
    metal: facetValues('metal').filter((m) => m !== facets.metal),
  });
  return `${paths.home}?${params.toString()}`;
}

function MaterialNotFound() {
  return (
    <PageResult
      tone="info"
      icon={<Icon icon={FileSearchOutlined} />}
      title="素材不存在或已下架"
      subTitle="您要找的素材可能已被下架，去首页看看其他素材吧"
      extra={
        <ButtonLink kind="primary" to={paths.home}>
          返回首页
        </ButtonLink>
      }
    />
  );
}

function DetailSkeleton() {
  return (
    <div className="gs-detail-grid" aria-busy="true" aria-label="素材加载中">
      <SkeletonBlock style={{ width: '100%', height: 480, borderRadius: 8 }} />
      <SkeletonText rows={10} />
    </div>
  );
}

/** 相似素材 comes in its own chunk, after the page: /detail's first script has no room for it. */
const SimilarMaterials = lazy(() => import('../components/similar-materials'));

/**
 * 相似素材 once the page is in the browser's hands. The server draws a detail page without it:
 * a lazy chunk cannot load inside renderToString, so drawing it there left a boundary React had
 * to draw again while hydrating (and report as a recoverable error on every landing).
 */
function SimilarMaterialsAfterHydration({ sid }: { sid: string }) {
  if (!useHydrated()) return null;
  return (
    <Suspense fallback={null}>
      <SimilarMaterials sid={sid} />
    </Suspense>
  );
}

/** About two rows of related tiles: they arrive after the page is shown, and below it. */
const RELATED_FIRST_DEPTH = 500;

function RelatedMaterials({ sid }: { sid: string }) {
  const related = useRelatedMaterials(sid, true);
  const materials = related.data?.materials ?? [];
  if (!related.isPending && materials.length === 0) return null;
  return (
    <section className="gs-related" aria-labelledby="related-title">
      <h2 id="related-title" className="gs-related__title">
        相关素材
      </h2>
      {related.isPending ? (
        <MaterialGridSkeleton count={8} minColumnWidth={200} />
      ) : (
        // below the material, out of the first screen: its first rows, then more as the page scrolls
        <MaterialGrid materials={materials} minColumnWidth={200} label="相关素材" firstDepth={RELATED_FIRST_DEPTH} />
      )}
    </section>
  );
}

function MaterialDetail({ material }: { material: TMaterial }) {
  const options = useMemo(() => licenceOptions(material), [material]);
  // the visitor's choice, while it is still one this material offers
  const [chosen, setChosen] = useState<LicenceType | null>(null);
  const licence = chosen !== null && material.authType.includes(chosen) ? chosen : defaultLicenceType(material);
  const title = material.keywords.slice(0, 3).join(' · ') || `${FORMAT_LABEL[material.format]}素材`;

  return (
    <>
      <div className="gs-detail-grid">
        <div>
          <div className="gs-card gs-detail-media">
            <MaterialPreview material={material} />
          </div>
        </div>
        <div>
          <div className="gs-card gs-detail-info">
            <h1 className="gs-detail-info__title">{title}</h1>
            <div className="gs-detail-info__tags">
              <Tag color="geekblue">{FORMAT_LABEL[material.format]}</Tag>
              {material.free && (
                <Link to={paths.freeMaterial}>
                  <Tag color="gold">限时免费</Tag>
                </Link>
              )}
              {material.remark && <Tag color="red">{material.remark}</Tag>}
              {ownedLicenceText(material) && <Tag color="green">{ownedLicenceText(material)}</Tag>}
            </div>
            <MaterialFacts material={material} />
            {sameStyleHref(material) && (
              <Link to={sameStyleHref(material)!} className="gs-same-style">
                同款其他材质 ›
              </Link>
            )}

            <div className="gs-detail-section">
              <h2 className="gs-detail-info__section">关键词</h2>
              <div className="gs-keywords">
                {material.keywords.map((word) => (
                  <Link key={word} to={keywordHref(word)} className="gs-keyword">
                    {word}
                  </Link>
                ))}
              </div>
            </div>

            <div className="gs-detail-section">
              {material.free && <FreeOffer material={material} />}
              <h2 className="gs-detail-info__section">{material.free ? '或购买授权' : '选择授权'}</h2>
              <LicencePicker options={options} value={licence} onChange={setChosen} />
            </div>

            <PurchasePanel material={material} licence={licence} />
          </div>
        </div>
      </div>
      <SimilarMaterialsAfterHydration sid={material.sid} />
      <RelatedMaterials sid={material.sid} />
    </>
  );
}

/**
 * /detail/:sid — watermarked preview, facts, the free download while the material is free, the
 * licence table of its format with prices, like, cart, related.
 */
export default function DetailPage() {
  const { sid = '' } = useParams();
  const query = useMaterial(sid);

  let body;
  if (query.data) body = <MaterialDetail key={query.data.sid} material={query.data} />;
  else if (query.isPending) body = <DetailSkeleton />;
  else if (isMaterialMissing(query.error)) body = <MaterialNotFound />;
  else
    body = (
      <LoadError
        title="素材加载失败"
        error={query.error}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );

  return (
    <PageContainer>
      <nav className="gs-crumbs gs-breadcrumb" aria-label="面包屑">
        <ol>
          <li>
            <Link to={paths.home}>首页</Link>
          </li>
          <li aria-current="page">素材详情</li>
        </ol>
      </nav>
      {body}
    </PageContainer>
  );
}
