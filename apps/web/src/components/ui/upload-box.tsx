import { type DragEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import './upload-box.css';

interface UploadBoxProps {
  /** The box's accessible name, e.g. 上传产品图. */
  label: string;
  /** The file input's `accept`: the types the picker offers. */
  accept: string;
  /** The picture above the text (an Icon). */
  icon: ReactNode;
  /** The line under the picture, e.g. 点击或拖拽产品图到此处上传. */
  text: ReactNode;
  /** The limits in grey under it, read as the box's description. */
  hint?: ReactNode;
  disabled?: boolean;
  /** The one file picked or dropped; a dropped file is not filtered by `accept`, so check it. */
  onFile: (file: File) => void;
}

/**
 * The file input behind a picker button: hidden from sight and from assistive technology (the
 * button is what they meet); `ref.current.click()` opens the picker.
 */
export function FilePicker({
  ref,
  accept,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      className="gs-upload-box__input"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.target.files?.[0];
        // the same file picked again after a failure must fire change again
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}

/**
 * antd Upload.Dragger's look: a dashed box that opens the file picker on click, Enter or Space (a
 * native button) and takes a file dropped on it.
 */
export function UploadBox({ label, accept, icon, text, hint, disabled = false, onFile }: UploadBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();

  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    // without it the browser opens the dropped file in the tab
    event.preventDefault();
    setOver(true);
  };
  const onDragLeave = (event: DragEvent) => {
    // leaving for one of the box's own children is not leaving the box
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <>
      <button
        type="button"
        className={`gs-upload-box${over ? ' is-over' : ''}`}
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <span className="gs-upload-box__icon">{icon}</span>
        <span className="gs-upload-box__text">{text}</span>
        {hint && (
          <span id={hintId} className="gs-upload-box__hint">
            {hint}
          </span>
        )}
      </button>
      <FilePicker ref={input} accept={accept} onFile={onFile} />
    </>
  );
}
