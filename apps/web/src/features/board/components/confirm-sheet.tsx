import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import './board-sheets.css';

interface ConfirmSheetProps {
  open: boolean;
  title: string;
  /** What the action takes away, named: the board, its materials, comments and links. */
  children: ReactNode;
  confirmText: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question before an action that cannot be undone (删除, 移除, 撤销), in a small dialog: Esc and
 * 取消 leave everything as it was; the red button does it.
 */
export function ConfirmSheet({ open, title, children, confirmText, busy, onConfirm, onClose }: ConfirmSheetProps) {
  return (
    <Sheet
      open={open}
      placement="center"
      title={title}
      className="gs-board-confirm"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button kind="primary" className="gs-board-danger" loading={busy} onClick={onConfirm}>
            {confirmText}
          </Button>
        </>
      }
    >
      <p className="gs-board-confirm__text">{children}</p>
    </Sheet>
  );
}
