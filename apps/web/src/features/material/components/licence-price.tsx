import { PriceText } from '@/components/price-text';
import type { LicencePrice } from '@/lib/material-licence';

/** A licence's price; a promotion shows the list price struck through and the price in red. */
export function LicencePriceText({ price, size }: { price: LicencePrice; size?: 'small' | 'default' | 'large' }) {
  const isPromo = price.promoCents !== null;
  return (
    <span className={isPromo ? 'gs-price--promo' : undefined}>
      <PriceText size={size} cents={price.payCents} originalCents={isPromo ? price.listCents : null} />
    </span>
  );
}
