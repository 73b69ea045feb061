import { ErrorCode, LICENCE_ROUTES } from '@gemstock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOrderDownload } from '@/features/records/api/get-order-download';
import { notify } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import { signedInForEachTest } from './factories';
import { isCall, serveApi } from './fake-api';

/*
 * 下载原图 of a licensed video the first time: the server starts the licence's marked copy and
 * answers 4487 (decision 0049). That is news for the buyer, not a failure: an info toast with
 * the server's words, never the red error toast.
 */

signedInForEachTest();

function DownloadButton() {
  const download = useOrderDownload();
  return (
    <button
      type="button"
      onClick={() => download.mutate({ orderSid: 'ord0000000000001', materialSid: 'vid0000000000001' })}
    >
      下载原图
    </button>
  );
}

/** Clicks 下载原图 while the server refuses the download with `refusal`; answers the two toast spies. */
async function downloadRefusedWith(refusal: { code: number; message: string; http: number }) {
  serveApi((call) =>
    isCall(call, LICENCE_ROUTES.orderDownload)
      ? { status: refusal.http, body: { code: refusal.code, data: null, message: refusal.message } }
      : undefined,
  );
  const info = vi.spyOn(notify, 'info').mockImplementation(() => {});
  const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
  render(
    <QueryClientProvider client={queryClient}>
      <DownloadButton />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '下载原图' }));
  return { info, error };
}

describe('下载原图 of a licensed video whose marked copy is being made', () => {
  it('says so in an info toast, not as an error', async () => {
    const { info, error } = await downloadRefusedWith(ErrorCode.TRACE_VIDEO_PREPARING);
    await waitFor(() => expect(info).toHaveBeenCalledWith(ErrorCode.TRACE_VIDEO_PREPARING.message));
    expect(error).not.toHaveBeenCalled();
  });

  it('shows any other refusal as an error, as before', async () => {
    const { info, error } = await downloadRefusedWith(ErrorCode.LICENCE_REVOKED);
    await waitFor(() => expect(error).toHaveBeenCalledWith(ErrorCode.LICENCE_REVOKED.message));
    expect(info).not.toHaveBeenCalled();
  });
});
