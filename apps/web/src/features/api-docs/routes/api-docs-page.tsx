import { API_DOC_PATHS } from '@gemstock/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, Spinner } from '@/components/ui/feedback';
import { paths } from '@/config/paths';
import './api-docs-page.css';

// Scalar is its own chunk, loaded after this page's frame: the router's entry lists only this
// small page among its preloads, not Scalar's many files.
const ApiReference = lazy(() => import('../components/api-reference'));

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; document: Record<string, unknown> };

function Loading() {
  return (
    <div className="gs-api-docs__state" role="status">
      <Spinner size="middle" />
      <span>正在加载接口说明…</span>
    </div>
  );
}

/**
 * /docs/api — the API reference (decision 0044): the server's OpenAPI document
 * (`GET /api/openapi.json`) drawn by Scalar. The page fetches the
 * document itself, so a failure shows in place with 重试; Scalar then draws it (components/api-reference).
 */
export default function ApiDocsPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    document.title = '接口说明 - 宝图';
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetch(API_DOC_PATHS.openapi, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        setLoad({ state: 'ready', document: (await res.json()) as Record<string, unknown> });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [attempt]);

  return (
    <div className="gs-api-docs">
      <header className="gs-api-docs__header">
        {/* A full page load back: the reference's styles stay on this page. */}
        <a className="gs-api-docs__home" href={paths.home}>
          宝图
        </a>
        <span className="gs-api-docs__title">接口说明</span>
        <a className="gs-api-docs__raw" href={API_DOC_PATHS.openapi} target="_blank" rel="noreferrer">
          OpenAPI 3.1 文档（JSON）
        </a>
      </header>
      {load.state === 'loading' && <Loading />}
      {load.state === 'failed' && (
        <div className="gs-api-docs__state">
          <Alert
            type="error"
            action={
              <Button size="small" onClick={retry}>
                重试
              </Button>
            }
          >
            接口说明加载失败，请检查网络后重试
          </Alert>
        </div>
      )}
      {load.state === 'ready' && (
        <Suspense fallback={<Loading />}>
          <ApiReference document={load.document} />
        </Suspense>
      )}
    </div>
  );
}
