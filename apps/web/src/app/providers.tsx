import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
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
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
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
