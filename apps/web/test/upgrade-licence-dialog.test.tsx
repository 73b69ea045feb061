import { LicenceType, MaterialFormat } from '@gemstock/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { UpgradeLicenceDialog } from '@/features/checkout/components/upgrade-licence-dialog';
import { canUpgradeLicence } from '@/features/records/components/order-material-actions';
import { orderLineLicenceText } from '@/lib/order-labels';
import type { UpgradeSubject } from '@/stores/checkout';
import type * as ApiClient from '@/lib/api-client';

/** 升级授权: the wider licences the resolution allows, each with the difference the server prices. */

const preview = vi.fn();
vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  callApi: (_endpoint: unknown, input: { body: { spec: number } }) => preview(input.body.spec),
}));

function subject(values: Partial<UpgradeSubject> = {}): UpgradeSubject {
  return {
    sid: 'mat0000000000001',
    keywords: ['钻戒'],
    format: MaterialFormat.IMAGE,
    width: 3000,
    height: 4000,
    authType: [1, 2, 3, 4],
    price: 29_800,
    specialPrice: {},
    customPrice: null,
    spec: LicenceType.NEW_MEDIA,
    ...values,
  };
}

function renderDialog(material: UpgradeSubject) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <UpgradeLicenceDialog open material={material} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  preview.mockReset();
});

describe('upgrade licence dialog', () => {
  it('lists standard and extended with the difference for a new-media licence', async () => {
    preview.mockImplementation(async (spec: number) => {
      const origin = spec === 1 ? 20_000 : 10_000;
      return { price_origin: origin, discount_member: 0, discount_coupon: 0, price: origin };
    });
    renderDialog(subject());
    const dialog = screen.getByRole('dialog', { name: '升级授权' });
    const group = within(dialog).getByRole('radiogroup', { name: '升级到' });
    await waitFor(() => expect(within(group).getByText('¥100.00')).toBeTruthy());
    expect(within(group).getByText('¥200.00')).toBeTruthy();
    const standard = within(group).getByRole('radio', { name: /标准授权/ }) as HTMLInputElement;
    expect(standard.checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: '同意并支付差价' })).toBeTruthy();
  });

  it('shows a tier the resolution does not allow as disabled, with the reason', async () => {
    preview.mockResolvedValue({ price_origin: 10_000, discount_member: 0, discount_coupon: 0, price: 10_000 });
    renderDialog(subject({ width: 1200, height: 1600, authType: [2, 3, 4] }));
    const extended = screen.getByRole('radio', { name: /扩展授权/ }) as HTMLInputElement;
    expect(extended.disabled).toBe(true);
    expect(screen.getByText(/低于该授权要求的 2160px/)).toBeTruthy();
  });

  it('a failed price load shows 重试', async () => {
    preview.mockRejectedValue(new Error('服务暂时不可用'));
    renderDialog(subject());
    await waitFor(() => expect(screen.getByRole('button', { name: /重试/ })).toBeTruthy());
    expect(screen.getByText('差价加载失败')).toBeTruthy();
  });
});

describe('canUpgradeLicence', () => {
  it('only for a ladder licence with a wider one allowed, on a material still offered', () => {
    expect(canUpgradeLicence(subject())).toBe(true);
    expect(canUpgradeLicence(subject({ spec: LicenceType.EXTENDED }))).toBe(false);
    expect(canUpgradeLicence(subject({ spec: LicenceType.PREMIUM_CUSTOM }))).toBe(false);
    expect(canUpgradeLicence(subject({ spec: LicenceType.STANDARD, authType: [2, 3, 4] }))).toBe(false);
    expect(canUpgradeLicence({ ...subject(), disabled: true })).toBe(false);
  });
});

describe('orderLineLicenceText', () => {
  it('names the upgrade on an upgrade order, the licence otherwise', () => {
    expect(orderLineLicenceText({ upgradeFrom: LicenceType.NEW_MEDIA }, LicenceType.STANDARD)).toBe(
      '授权升级：新媒体授权 → 标准授权（补差价）',
    );
    expect(orderLineLicenceText({}, LicenceType.STANDARD)).toBe('标准授权');
  });
});
