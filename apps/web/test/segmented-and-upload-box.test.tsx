import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Segmented } from '@/components/ui/segmented';
import { UploadBox } from '@/components/ui/upload-box';

/** The light Segmented and UploadBox (antd's Segmented and Upload.Dragger looks on native elements). */

afterEach(cleanup);

function Ratio() {
  const [ratio, setRatio] = useState<'9:16' | '1:1'>('9:16');
  return (
    <>
      <Segmented
        label="画幅"
        block
        value={ratio}
        options={[
          { value: '9:16', label: '9:16' },
          { value: '1:1', label: '1:1' },
        ]}
        onChange={setRatio}
      />
      <output data-testid="ratio">{ratio}</output>
    </>
  );
}

const png = () => new File([new Uint8Array(8)], 'a.png', { type: 'image/png' });

describe('Segmented', () => {
  it('is a named radio group whose chosen option is checked and raised', () => {
    render(<Ratio />);
    const group = screen.getByRole('radiogroup', { name: '画幅' });
    expect(group.className).toContain('gs-segmented--block');
    const square = within(group).getByRole('radio', { name: '1:1' }) as HTMLInputElement;
    expect(square.checked).toBe(false);
    fireEvent.click(square);
    expect(square.checked).toBe(true);
    expect(square.closest('label')!.className).toContain('is-checked');
    expect(screen.getByTestId('ratio').textContent).toBe('1:1');
  });
});

describe('UploadBox', () => {
  it('offers the accepted types to the picker and hands over the file picked', () => {
    const onFile = vi.fn();
    render(
      <UploadBox label="上传产品图" accept="image/png" icon={null} text="点击或拖拽产品图到此处上传" onFile={onFile} />,
    );
    const input = document.querySelector<HTMLInputElement>('.gs-upload-box__input')!;
    expect(input.accept).toBe('image/png');
    const file = png();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('when disabled neither opens the picker nor takes a drop', () => {
    const onFile = vi.fn();
    render(<UploadBox label="上传Logo" accept="image/png" icon={null} text="点击上传" disabled onFile={onFile} />);
    const box = screen.getByRole('button', { name: '上传Logo' }) as HTMLButtonElement;
    expect(box.disabled).toBe(true);
    fireEvent.dragOver(box, { dataTransfer: { files: [] } });
    expect(box.className).not.toContain('is-over');
    fireEvent.drop(box, { dataTransfer: { files: [png()] } });
    expect(onFile).not.toHaveBeenCalled();
  });
});
