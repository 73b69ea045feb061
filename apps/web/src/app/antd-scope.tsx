import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useReducedMotion } from '@/hooks/use-reduced-motion';
import { bindNotifier } from '@/lib/notify';
import './dayjs-locale';
import { appTheme } from './theme';

/**
 * antd's theme, Chinese locale and App context for the part of the page inside it. With
 * `staticStyles` the components' styles come from antd's prebuilt stylesheet, which the caller
 * loads (the operator console, decision 0054), instead of being generated as they first render. The pages a
 * first visit lands on (home, search, detail, /video, /free-material) are plain elements and never
 * load antd; every other page, dialog and popover loads this module with its own code and renders
 * inside it (src/app/router.tsx, src/app/layouts/global-dialogs.tsx, src/app/with-antd.tsx).
 */
export function AntdScope({ children, staticStyles = false }: { children: ReactNode; staticStyles?: boolean }) {
  // A system-wide "reduce motion" turns antd's zooms and slides off: dialogs and drawers appear
  // at once, where they can be read and clicked immediately.
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => {
    const token = reducedMotion ? { ...appTheme.token, motion: false } : appTheme.token;
    // antd still writes the theme's tokens as CSS variables; only the components' own rules,
    // which it would otherwise compute and insert while rendering, come from a stylesheet
    return { ...appTheme, token, zeroRuntime: staticStyles };
  }, [reducedMotion, staticStyles]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <App message={{ maxCount: 3, top: 72 }}>{children}</App>
    </ConfigProvider>
  );
}

/**
 * Lets code outside React (the api-client) toast through antd's App context. The operator console
 * mounts its own inside its scope: it has its own copy of antd (build/console-copies.ts), and the
 * site's host would load the site's antd beside it for a toast.
 */
export function NotifierBinding() {
  const { message } = App.useApp();
  useEffect(() => bindNotifier(message), [message]);
  return null;
}

/**
 * The one holder of the site's toasts, mounted by src/app/providers.tsx the first time something
 * asks for a toast (lib/notify.ts queues it until then), so pages without antd pay nothing for it.
 */
export function ToastHost() {
  return (
    <AntdScope>
      <NotifierBinding />
    </AntdScope>
  );
}
