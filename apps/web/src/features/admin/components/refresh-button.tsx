import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

interface RefreshButtonProps {
  /** The list's query: spins only while refetching data already shown, not on the first load. */
  query: { refetch: () => Promise<unknown>; isFetching: boolean; isLoading: boolean };
}

/** 刷新 for a console list: others may have changed it (another operator, a payment). */
export function RefreshButton({ query }: RefreshButtonProps) {
  return (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => void query.refetch()}
      loading={query.isFetching && !query.isLoading}
    >
      刷新
    </Button>
  );
}
