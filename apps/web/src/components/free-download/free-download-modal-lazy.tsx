import type { TMaterial } from '@gemstock/contract';
import { Suspense, useState } from 'react';
import { lazyWithAntd } from '@/app/with-antd';

const FreeDownloadModal = lazyWithAntd(() => import('./free-download-modal'), 'FreeDownloadModal');

/**
 * The free-download dialog for pages without antd: its code loads the first time a material is
 * chosen, then it stays mounted so it can animate closed.
 */
export function FreeDownloadModalLazy({ material, onClose }: { material: TMaterial | null; onClose: () => void }) {
  const [wanted, setWanted] = useState(false);
  if (material && !wanted) setWanted(true);
  if (!wanted && !material) return null;
  return (
    <Suspense fallback={null}>
      <FreeDownloadModal material={material} onClose={onClose} />
    </Suspense>
  );
}
