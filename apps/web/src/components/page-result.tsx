import { type ReactNode, useId } from 'react';

/**
 * An outcome in place of content (page not found, page failed, a load that failed): icon, title,
 * explanation and what to do. Plain elements, not antd's Result, whose illustrations would weigh
 * on every page: the error page is in the first download, because it must show even when the
 * page's own code cannot load.
 */
export function PageResult({
  icon,
  tone,
  level = 1,
  title,
  subTitle,
  extra,
}: {
  icon: ReactNode;
  tone: 'error' | 'warning' | 'info';
  /** 1 when it is the whole page; 2 inside a page that has its own title. */
  level?: 1 | 2;
  title: string;
  subTitle: string;
  extra: ReactNode;
}) {
  const titleId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`gs-page-result gs-page-result--${tone}`} aria-labelledby={titleId}>
      <div className="gs-page-result__icon">{icon}</div>
      <Heading id={titleId} className="gs-page-result__title">
        {title}
      </Heading>
      <p className="gs-page-result__subtitle">{subTitle}</p>
      <div className="gs-page-result__extra">{extra}</div>
    </section>
  );
}
