import { CustomerServiceOutlined, DownloadOutlined } from '@/components/ui/icon-paths';
import { FREE_PAGE_SIZE, type TMaterial } from '@gemstock/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { MaterialGrid, MaterialGridSkeleton } from '@/components/material-grid/material-grid';
import { PageContainer } from '@/components/page-container';
import { Button, ButtonLink } from '@/components/ui/button';
import { Alert, Empty } from '@/components/ui/feedback';
import { Icon } from '@/components/ui/icon';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import { currentAppPath } from '@/lib/navigation';
import { dialogs, useDialogs } from '@/stores/dialogs';
import { useIsLoggedIn } from '@/stores/session';
import { useFreeMaterials } from '../api/get-free-materials';
import { FreeDownloadModalLazy } from '@/components/free-download/free-download-modal-lazy';
import { freeUntilDayText, freeUntilText } from '@/lib/free-period';

const FOOTER_HEIGHT = 48;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /free-material — materials free to download for a limited time. */
export default function FreeMaterialPage() {
  const openCustomize = useDialogs((s) => s.openCustomize);
  const openAuth = useDialogs((s) => s.openAuth);
  const isLoggedIn = useIsLoggedIn();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams);
  const query = useFreeMaterials(page);
  const [downloading, setDownloading] = useState<TMaterial | null>(null);
  const total = query.data?.total ?? 0;
  const materials = query.data?.materials ?? [];

  const onDownload = (material: TMaterial) => {
    if (!isLoggedIn) {
      dialogs.openLogin({ kind: 'navigate', to: currentAppPath() });
      return;
    }
    setDownloading(material);
  };

  const goToPage = (next: number) => {
    const params = new URLSearchParams(searchParams);
    if (next > 1) params.set('page', String(next));
    else params.delete('page');
    setSearchParams(params);
  };

  let body;
  if (query.isPending) {
    body = <MaterialGridSkeleton count={8} footerHeight={FOOTER_HEIGHT} />;
  } else if (query.isError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (materials.length === 0) {
    body = (
      <div className="gs-card" style={{ padding: '40px 24px' }}>
        <Empty description="当前没有限时免费的素材，敬请关注后续活动">
          <ButtonLink kind="primary" to={paths.home}>
            去首页看看
          </ButtonLink>
        </Empty>
      </div>
    );
  } else {
    body = (
      <>
        <MaterialGrid
          materials={materials}
          label="免费素材"
          footerHeight={FOOTER_HEIGHT}
          renderFooter={(material) => (
            <>
              <span
                className="gs-free-until"
                title={
                  material.freeFrom && material.freeUntil
                    ? `免费期：${freeUntilText(material.freeFrom)} 至 ${freeUntilText(material.freeUntil)}`
                    : undefined
                }
              >
                {material.freeUntil ? (
                  <>
                    <span className="gs-hide-phone">免费至 {freeUntilText(material.freeUntil)}</span>
                    {/* a phone's tile beside its button has room for the day alone */}
                    <span className="gs-show-phone">免费至 {freeUntilDayText(material.freeUntil)}</span>
                  </>
                ) : (
                  '限时免费'
                )}
              </span>
              <Button
                kind="primary"
                size="small"
                icon={<Icon icon={DownloadOutlined} />}
                onClick={() => onDownload(material)}
                aria-label={`下载素材 ${material.sid}`}
              >
                下载
              </Button>
            </>
          )}
        />
        {total > FREE_PAGE_SIZE && (
          <Pagination current={page} pageSize={FREE_PAGE_SIZE} total={total} onChange={goToPage} />
        )}
      </>
    );
  }

  return (
    <PageContainer
      title="免费素材"
      subTitle="限时免费下载的珠宝素材，下载前需登录并同意授权许可协议"
      extra={
        <Button
          icon={<Icon icon={CustomerServiceOutlined} />}
          onClick={() => (isLoggedIn ? openCustomize('free') : openAuth('login', { kind: 'customize' }))}
        >
          咨询定制
        </Button>
      }
    >
      <Alert className="gs-free-alert" type="info">
        免费素材仅在免费期内可下载；下载需登录，并阅读、勾选同意《授权许可使用协议》。
        {total > 0 ? `当前共有 ${total} 个免费素材。` : ''}
      </Alert>
      {body}
      <FreeDownloadModalLazy material={downloading} onClose={() => setDownloading(null)} />
    </PageContainer>
  );
}
