import { SERVICE_QR_PATHS } from '@gemstock/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ServiceContact } from '@/components/service-contact';

/** What a buyer sees to reach customer service, for each answer of GET /api/common/service. */

afterEach(() => cleanup());

describe('ServiceContact', () => {
  it('marks the demo sample QR as 演示 and says it reaches no one', () => {
    render(
      <ServiceContact
        contact={{ service: SERVICE_QR_PATHS.demoQr, demo: true, phone: null, email: null }}
        caption="微信扫码联系客服"
      />,
    );
    expect(screen.getByText('演示')).toBeTruthy();
    expect(screen.getByText('演示用示例二维码，非真实客服')).toBeTruthy();
    expect(screen.queryByText('微信扫码联系客服')).toBeNull();
  });

  it('shows the operator’s QR with its caption and no demo mark', () => {
    render(
      <ServiceContact
        contact={{ service: '/media/settings/service-qr-0123456789abcdef.png', demo: false, phone: null, email: null }}
        caption="微信扫码联系客服"
      />,
    );
    expect(screen.getByText('微信扫码联系客服')).toBeTruthy();
    expect(screen.queryByText('演示')).toBeNull();
  });

  it('without a QR shows the written phone and e-mail instead', () => {
    render(
      <ServiceContact
        contact={{ service: null, demo: false, phone: '400-800-1234', email: 'service@shop.example.cn' }}
        caption="微信扫码联系客服"
      />,
    );
    expect(screen.getByText('客服电话：400-800-1234')).toBeTruthy();
    expect(screen.getByText('客服邮箱：service@shop.example.cn')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });
});
