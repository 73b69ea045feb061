import { ANALYTICS_ROUTES, endpointUrl } from '@gemstock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordPageView, resetPageViews, startPageViewBeacon } from '@/lib/analytics';
import { deviceClassOf, queuedPageViews } from '@/lib/page-view-beacon';

describe('page views sent to our server', () => {
  const sent: { url: string; body: string }[] = [];

  beforeEach(async () => {
    vi.useFakeTimers();
    sent.length = 0;
    resetPageViews();
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, data: Blob) => {
        void data.text().then((body) => sent.push({ url, body }));
        return true;
      },
    });
    const started = startPageViewBeacon();
    await vi.advanceTimersByTimeAsync(1_000);
    await started;
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
  });

  it('batches navigations and sends them a few seconds later, never on the navigation itself', async () => {
    recordPageView('/search?keyword=钻戒&source=xiaohongshu&utm_campaign=七夕');
    recordPageView('/detail/M123');
    expect(sent).toHaveLength(0);
    expect(queuedPageViews()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe(endpointUrl(ANALYTICS_ROUTES.beacon));
    const body = JSON.parse(sent[0]!.body) as { visitor: string; events: Record<string, unknown>[] };
    expect(body.visitor).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body.events[0]).toMatchObject({ route: '/search', source: 'xiaohongshu', utm_campaign: '七夕' });
    expect(body.events[1]).toMatchObject({ route: '/detail/M123', referrer: '/search' });
    // the same visitor id next time (localStorage)
    recordPageView('/');
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect((JSON.parse(sent[1]!.body) as { visitor: string }).visitor).toBe(body.visitor);
  });

  it('queues nothing when the browser asks not to be tracked, nor for the console', () => {
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: '1' });
    recordPageView('/search');
    Object.defineProperty(navigator, 'doNotTrack', { configurable: true, value: null });
    recordPageView('/admin/dashboard');
    expect(queuedPageViews()).toHaveLength(0);
  });

  it('tells phones, tablets and computers apart', () => {
    expect(deviceClassOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('mobile');
    expect(deviceClassOf('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)')).toBe('tablet');
    expect(deviceClassOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0')).toBe('desktop');
  });
});
