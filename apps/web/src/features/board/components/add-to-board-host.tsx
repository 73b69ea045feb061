import { useState } from 'react';
import { useDialogs } from '@/stores/dialogs';
import { AddToBoardModal } from './add-to-board-modal';

/**
 * The board picker a grid's tiles open (加入收藏夹 on a tile), mounted once by the global dialogs.
 * It keeps the last material while closing, so the dialog animates out with its content.
 */
export function AddToBoardHost() {
  const target = useDialogs((s) => s.addToBoard);
  const close = useDialogs((s) => s.closeAddToBoard);
  const [last, setLast] = useState(target);
  if (target !== null && target !== last) setLast(target);
  const material = target?.material ?? last?.material;
  if (material === undefined) return null;
  return <AddToBoardModal open={target !== null} material={material} spec={null} onClose={close} />;
}
