import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { bindNotifier } from '@/lib/notify';
import { queryClient } from '@/lib/query-client';
import './dayjs-locale';
import { appTheme } from './theme';

/** Lets the api-client toast through antd's App context (theme-aware, no static API warning). */
function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // A system-wide "reduce motion" turns antd's zooms and slides off: dialogs and drawers appear
  // at once, where they can be read and clicked immediately.
  const reducedMotion = useReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...appTheme, token: { ...appTheme.token, motion: false } } : appTheme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ maxCount: 3, top: 72 }}>
        <NotifierBinding />
        <QueryClientProvider client={queryClient}>
          {children}
          <DemoRibbon />
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
