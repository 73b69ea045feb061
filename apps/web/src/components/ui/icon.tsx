/** An icon's drawing: its view box and the paths filled with the current colour. */
export interface IconPaths {
  viewBox: string;
  paths: readonly string[];
}

/**
 * An Ant Design icon (its path data in ./icon-paths.ts) for the pages a first visit lands on: the
 * same pictures as antd's icons without their runtime. Decorative unless given a `label`.
 */
export function Icon({ icon, label, className }: { icon: IconPaths; label?: string; className?: string }) {
  return (
    <span
      className={`gs-icon${className ? ` ${className}` : ''}`}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox={icon.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {icon.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
