import { LicenceType, MaterialFormat } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { ContractDialog } from '@/features/checkout/components/contract-dialog';

/** The licence agreement before paying says, for a video, what the video licence allows. */

function renderDialog(format: MaterialFormat, spec: LicenceType) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ContractDialog open lines={[{ sid: 'mat0000000000001', spec, title: '珍珠项链视频', format }]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => cleanup());

describe('contract dialog', () => {
  it('a video line names the video licence’s use, without print', () => {
    renderDialog(MaterialFormat.VIDEO, LicenceType.STANDARD);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/标准授权（视频：网络及户外广告）/)).toBeTruthy();
    const agreement = within(dialog).getByLabelText('授权许可使用协议全文');
    expect(agreement.textContent).toContain('视频素材——扩展授权：网络、户外广告及线下大屏播放');
  });

  it('an image line names the image licence’s use; 高级定制授权 points to 定制 for the replacement', () => {
    renderDialog(MaterialFormat.IMAGE, LicenceType.PREMIUM_CUSTOM);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/高级定制授权（图片：网络、线下印刷、户外广告）/)).toBeTruthy();
    const agreement = within(dialog).getByLabelText('授权许可使用协议全文');
    expect(agreement.textContent).not.toContain('另含产品、Logo');
    expect(agreement.textContent).toContain('含本素材一次高级定制，无需另付');
  });
});
