import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import AdminApp from '@/features/admin/admin-app';

// The console loads each page when its route first opens. Loaded here beforehand, a page's lazy
// import resolves at once, so a test's findBy… waits for the page's data, not for the test
// runner compiling the page (which alone can outlast findBy's one second on a busy machine).
import.meta.glob('@/features/admin/routes/*-page.tsx', { eager: true });

/** The address the console is at, read by tests from `getByTestId('where')`. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The whole operator console at `path`, as the browser would open it (no retries: a failure shows at once). */
export function renderConsoleAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <App>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/admin/*" element={<AdminApp />} />
            </Routes>
            <Where />
          </MemoryRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
}
