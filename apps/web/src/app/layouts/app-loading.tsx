import { Spin } from 'antd';

/** Shown while the first user load and the first page's code are in flight. */
export function AppLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f6f7f5' }}>
      <Spin size="large" description="宝图加载中…" />
    </div>
  );
}
