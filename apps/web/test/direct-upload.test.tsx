import { type TUploadCheckResponse, type TUploadTokenResponse, UPLOAD_PATHS, UPLOAD_ROUTES } from '@gemstock/contract';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { precheckUploadFile } from '@/features/customize/api/direct-upload';
import { DirectUpload, type UploadedFile } from '@/features/customize/components/direct-upload';

/** The custom-design upload box: the contract's limits, then credentials → POST → check. */

const MB = 1024 * 1024;

const CREDENTIALS: TUploadTokenResponse = {
  upload_url: UPLOAD_PATHS.local,
  fields: {
    key: 'private/uploads/u1/logo/abc.png',
    'Content-Type': 'image/png',
    policy: 'p',
    'x-gemstock-signature': 's',
  },
  key: 'private/uploads/u1/logo/abc.png',
  max_bytes: 5 * MB,
  content_types: ['image/png'],
  expires_at: new Date(Date.now() + 900_000).toISOString(),
};

const CHECKED: TUploadCheckResponse = {
  key: CREDENTIALS.key,
  width: 640,
  height: 480,
  bytes: 2048,
  content_type: 'image/png',
};

function envelope(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Answers GET oss_sts_token and POST upload/check; `check` decides the second. */
function stubApi(check: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      if (String(url).startsWith(UPLOAD_ROUTES.token.path)) {
        return envelope(200, { code: 0, data: CREDENTIALS, message: 'ok' });
      }
      return check();
    }),
  );
  return calls;
}

/**
 * An XMLHttpRequest that answers 204, remembering the form it sent. It finishes by itself on the
 * next tick, unless a test holds it (`FakeXhr.hold = true`) to look at the upload while it runs and
 * then moves it on with `progress` and `finish`: a fake that finishes on a timer can be done before
 * a busy machine's test looks for the progress bar.
 */
class FakeXhr {
  static sent: FormData[] = [];
  static headers: Record<string, string>[] = [];
  static hold = false;
  static running: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private readonly requestHeaders: Record<string, string> = {};
  open() {}
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    FakeXhr.sent.push(form);
    FakeXhr.headers.push(this.requestHeaders);
    FakeXhr.running.push(this);
    if (!FakeXhr.hold) setTimeout(() => this.finish(), 0);
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 }));
  }
  finish() {
    this.progress(100);
    this.status = 204;
    act(() => this.onload?.());
  }
}

function Demo() {
  const [logo, setLogo] = useState<UploadedFile | null>(null);
  return (
    <>
      <DirectUpload purpose="logo" label="上传Logo" value={logo} onChange={setLogo} />
      <output data-testid="logo-key">{logo?.key ?? ''}</output>
    </>
  );
}

/** The hidden file input a box's click opens (the one beside the box, not the replace picker). */
function pickerOf(box: HTMLElement): HTMLInputElement {
  return box.nextElementSibling as HTMLInputElement;
}

/** What the file picker opened by the box hands over. */
function pick(file: File) {
  const input = pickerOf(document.querySelector<HTMLButtonElement>('.gs-upload-box')!);
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.headers = [];
  FakeXhr.running = [];
  FakeXhr.hold = false;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('precheckUploadFile', () => {
  it('checks type and size with the contract’s limits', () => {
    expect(precheckUploadFile({ name: 'a.gif', type: 'image/gif', size: 10 }, 'logo')).toBe(
      'Logo仅支持 JPEG、PNG、WebP 格式的图片',
    );
    expect(precheckUploadFile({ name: 'a.png', type: 'image/png', size: 6 * MB }, 'logo')).toBe('Logo不能超过 5 MB');
    expect(precheckUploadFile({ name: 'a.png', type: 'image/png', size: 6 * MB }, 'product')).toBeNull();
    expect(precheckUploadFile({ name: 'a.jpg', type: 'image/jpeg', size: 0 }, 'reference')).toBe(
      '文件是空的，请重新选择',
    );
  });
});

describe('DirectUpload', () => {
  it('uploads with progress, checks, shows the preview, and can be removed', async () => {
    FakeXhr.hold = true;
    const calls = stubApi(() => envelope(200, { code: 0, data: CHECKED, message: 'ok' }));
    render(<Demo />);
    expect(screen.getByRole('button', { name: '上传Logo' })).toBeTruthy();
    pick(new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' }));

    await waitFor(() => expect(FakeXhr.running).toHaveLength(1));
    const upload = FakeXhr.running[0]!;
    upload.progress(50);
    expect(screen.getByLabelText('Logo上传进度').getAttribute('aria-valuenow')).toBe('50');
    upload.finish();
    expect(await screen.findByRole('img', { name: 'Logo预览' })).toBeTruthy();
    expect(screen.getByTestId('logo-key').textContent).toBe(CREDENTIALS.key);
    expect(screen.getByText('640×480 · 2 KB')).toBeTruthy();
    expect(calls[0]).toContain('purpose=logo');
    expect(calls[0]).toContain('content_type=image%2Fpng');
    expect(calls[1]).toBe(UPLOAD_ROUTES.check.path);
    // Fields first, the file last, and no session token sent to storage.
    const form = FakeXhr.sent[0]!;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'policy', 'x-gemstock-signature', 'file']);
    expect(FakeXhr.headers[0]!.Authorization).toBeUndefined();

    expect(screen.getByRole('button', { name: '更换Logo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除Logo' }));
    expect(await screen.findByRole('button', { name: '上传Logo' })).toBeTruthy();
    expect(screen.getByTestId('logo-key').textContent).toBe('');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('is a button that opens the picker, with the limits as its description, and takes a dropped file', async () => {
    stubApi(() => envelope(200, { code: 0, data: CHECKED, message: 'ok' }));
    render(<Demo />);
    const box = screen.getByRole('button', { name: '上传Logo' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      '支持 JPEG、PNG、WebP，不超过 5 MB，宽高 64–6000 像素',
    );
    const input = pickerOf(box);
    const opened = vi.fn();
    input.addEventListener('click', opened);
    fireEvent.click(box);
    expect(opened).toHaveBeenCalledTimes(1);

    fireEvent.dragOver(box, { dataTransfer: { files: [] } });
    expect(box.className).toContain('is-over');
    fireEvent.drop(box, {
      dataTransfer: { files: [new File([new Uint8Array(2048)], 'drop.png', { type: 'image/png' })] },
    });
    expect(box.className).not.toContain('is-over');
    expect(await screen.findByRole('img', { name: 'Logo预览' })).toBeTruthy();
    expect(screen.getByText('drop.png')).toBeTruthy();
  });

  it('refuses a wrong type before sending anything', async () => {
    const calls = stubApi(() => envelope(200, { code: 0, data: CHECKED, message: 'ok' }));
    render(<Demo />);
    pick(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Logo仅支持 JPEG、PNG、WebP 格式的图片')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows the server’s refusal in place with 重试', async () => {
    stubApi(() => envelope(422, { code: 4207, data: null, message: 'Logo的宽高需在 64–6000 像素之间（当前 20×20）' }));
    render(<Demo />);
    pick(new File([new Uint8Array(100)], 'tiny.png', { type: 'image/png' }));
    expect(await screen.findByText('Logo的宽高需在 64–6000 像素之间（当前 20×20）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试上传Logo' })).toBeTruthy();
    expect(screen.getByTestId('logo-key').textContent).toBe('');
  });
});
