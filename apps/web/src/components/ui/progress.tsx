import './progress.css';

/**
 * A thin line progress bar with antd Progress's look (`size="small"`, no percentage shown), red
 * when `status` is exception. Name it with `aria-label`: the bar alone says nothing to a reader.
 */
export function Progress({
  percent,
  status = 'normal',
  'aria-label': label,
}: {
  /** 0–100. */
  percent: number;
  status?: 'normal' | 'exception';
  'aria-label': string;
}) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={`gs-progress${status === 'exception' ? ' gs-progress--exception' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
    >
      <div className="gs-progress__rail">
        <div className="gs-progress__track" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
