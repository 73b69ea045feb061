import { QueryClientProvider } from '@tanstack/react-query';
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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DemoRibbon />
      <ToastHostSlot />
    </QueryClientProvider>
  );
}
