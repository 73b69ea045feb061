import { Typography } from 'antd';
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
            {title && (
              <Typography.Title level={3} style={{ margin: 0 }}>
                {title}
              </Typography.Title>
            )}
            {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
          </div>
          {extra}
        </div>
      )}
      {children}
    </div>
  );
}
