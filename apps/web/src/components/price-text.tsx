import { formatYuan } from '@gemstock/contract';
import type { CSSProperties } from 'react';

interface PriceTextProps {
  /** Integer cents (spec §3: prices arrive in cents). */
  cents: number;
  /** Shown struck through before the price, e.g. the price before a discount. */
  originalCents?: number | null;
  size?: 'small' | 'default' | 'large';
  /** Colour the amount with the brand price colour (default) or inherit the text colour. */
  tone?: 'price' | 'inherit';
  className?: string;
}

const FONT_SIZE = { small: 13, default: 16, large: 24 } as const;

/** Money as "¥1,234.00" via the contract's formatYuan — the one place money is formatted. */
export function PriceText({ cents, originalCents, size = 'default', tone = 'price', className }: PriceTextProps) {
  const style: CSSProperties = {
    fontSize: FONT_SIZE[size],
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    color: tone === 'price' ? 'var(--gs-price)' : undefined,
  };
  return (
    <span className={className}>
      {originalCents != null && originalCents !== cents && (
        <del style={{ color: 'rgba(0,0,0,0.45)', marginRight: 6, fontSize: FONT_SIZE.small }}>
          {formatYuan(originalCents)}
        </del>
      )}
      <span style={style}>{formatYuan(cents)}</span>
    </span>
  );
}
