import type { ReactNode } from 'react';

interface PageContainerProps {
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  /** Narrow pages (forms, FAQ) read better at a shorter line length. */
  width?: 'wide' | 'narrow';
}

/** The centred content column every page sits in, with an optional title row. */
export function PageContainer({ title, subTitle, extra, children, width = 'wide' }: PageContainerProps) {
  return (
    <div className={`gs-container${width === 'narrow' ? ' gs-container--narrow' : ''}`} style={{ paddingBlock: 24 }}>
      {(title || extra) && (
        <div className="gs-page-title">
          <div>
            {title && <h1 className="gs-page-title__heading">{title}</h1>}
            {subTitle && <span className="gs-text-secondary">{subTitle}</span>}
          </div>
          {extra}
        </div>
      )}
      {children}
    </div>
  );
}
