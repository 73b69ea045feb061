import { CloseOutlined } from './icon-paths';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Icon } from './icon';

interface SheetProps {
  open: boolean;
  title: string;
  /** `bottom`: a sheet rising from the bottom edge; `center`: a dialog in the middle. */
  placement?: 'bottom' | 'center';
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * A dialog or bottom sheet on the native modal <dialog>: the browser traps focus, closes it on Esc, makes
 * the page behind it inert and returns focus to the opener; no dialog library is loaded for it.
 */
export function Sheet({ open, title, placement = 'bottom', onClose, children, footer, className }: SheetProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`gs-sheet gs-sheet--${placement}${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      // Esc and the form's close: keep React's `open` in step with the element
      onClose={onClose}
      onClick={(event) => {
        // a click on the backdrop lands on the dialog element itself
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="gs-sheet__panel">
        <div className="gs-sheet__head">
          <h2 id={titleId} className="gs-sheet__title">
            {title}
          </h2>
          <button type="button" className="gs-sheet__close" aria-label="关闭" onClick={onClose}>
            <Icon icon={CloseOutlined} />
          </button>
        </div>
        <div className="gs-sheet__body">{children}</div>
        {footer && <div className="gs-sheet__foot">{footer}</div>}
      </div>
    </dialog>
  );
}
