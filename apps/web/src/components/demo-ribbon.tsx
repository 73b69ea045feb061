import { useSiteConfig } from '@/api/site-config';

/**
 * Shown on every page (shop and console) while sandbox payments are on: orders settle without
 * real money there, so nobody should mistake the demo for the real shop.
 */
export function DemoRibbon() {
  const site = useSiteConfig();
  if (!site.sandboxPayments) return null;
  return (
    <div className="gs-demo-ribbon" role="note" title="演示环境：支付为模拟支付，不会真实扣款">
      演示环境
    </div>
  );
}
