import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useSyncExternalStore } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
import { toastHost } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';

// antd (and its message) loads with the first toast, not with the page
const ToastHost = lazy(async () => ({ default: (await import('./antd-scope')).ToastHost }));

function ToastHostSlot() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.isWanted, toastHost.isWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/** `client`: the page's own on the server, which renders each request with a cache of its own. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <DemoRibbon />
      <ToastHostSlot />
    </QueryClientProvider>
  );
}
