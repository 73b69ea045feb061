import './badge.css';

/** A count in a red pill (antd Badge with `count`, standing alone), e.g. orders waiting. */
export function Badge({ count }: { count: number }) {
  return (
    <span className="gs-badge" title={String(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
