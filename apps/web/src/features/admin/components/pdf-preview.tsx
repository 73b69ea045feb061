import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** The pages drawn at most: an invoice is one page, a long file still shows its start. */
const MAX_PAGES = 3;

/**
 * A PDF drawn page by page onto canvases with pdf.js, loaded when a file is first shown. Drawn
 * here rather than in the browser's own viewer: the console's pages allow no frames of other
 * origins or blob: documents (the CSP), and a browser without a PDF viewer would show nothing.
 */
export function PdfPreview({ file, height }: { file: Blob; height: number }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ file: Blob; status: 'drawn' | 'failed'; pages: number } | null>(null);
  const shown = state?.file === file ? state : null;

  useEffect(() => {
    let live = true;
    const target = holder.current;
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([
          import('pdfjs-dist'),
          import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const doc = await pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), isEvalSupported: false })
          .promise;
        if (!live || !target) return;
        target.replaceChildren();
        const width = target.clientWidth || 520;
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES); n += 1) {
          const page = await doc.getPage(n);
          const scale = width / page.getViewport({ scale: 1 }).width;
          const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          canvas.style.width = '100%';
          canvas.style.display = 'block';
          canvas.style.marginBottom = '8px';
          target.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        if (live) setState({ file, status: 'drawn', pages: doc.numPages });
        void doc.destroy();
      } catch {
        if (live) setState({ file, status: 'failed', pages: 0 });
      }
    })();
    return () => {
      live = false;
      target?.replaceChildren();
    };
  }, [file]);

  return (
    <div
      role="img"
      aria-label="发票 PDF 预览"
      style={{
        height,
        overflow: 'auto',
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        background: '#f5f5f5',
        padding: 8,
        position: 'relative',
      }}
    >
      {!shown && (
        <Spin tip="正在加载预览…" style={{ position: 'absolute', inset: 0, margin: 'auto', height: 60 }}>
          <div style={{ height: 60 }} />
        </Spin>
      )}
      {shown?.status === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title="无法预览此 PDF"
          description="文件可能已损坏或加密；请在本地打开核对，确认无误后再开具。"
        />
      )}
      {shown && shown.pages > MAX_PAGES && (
        <Alert
          type="info"
          showIcon
          title={`共 ${shown.pages} 页，仅预览前 ${MAX_PAGES} 页`}
          style={{ marginBottom: 8 }}
        />
      )}
      <div ref={holder} />
    </div>
  );
}
