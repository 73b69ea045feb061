import { ClockCircleOutlined } from '@ant-design/icons';
import { Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

interface NotYetAvailableProps {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
}

/**
 * The honest state of a page whose feature is not built yet: its frame is in place, its data
 * is not. Never fill it with sample data.
 */
export function NotYetAvailable({ title, description, extra }: NotYetAvailableProps) {
  return (
    <div className="gs-card" style={{ padding: '48px 24px' }}>
      <Empty
        image={<ClockCircleOutlined style={{ fontSize: 48, color: 'var(--gs-gold)' }} />}
        styles={{ image: { height: 56 } }}
        description={
          <div>
            <Typography.Title level={5} style={{ marginBottom: 4 }}>
              {title}
            </Typography.Title>
            {description && <Typography.Text type="secondary">{description}</Typography.Text>}
          </div>
        }
      >
        {extra}
      </Empty>
    </div>
  );
}
