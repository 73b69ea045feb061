import { Spin } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { AntdScope, NotifierBinding } from '@/app/antd-scope';
import './console-antd.css';
import { AdminHome, AdminLayout } from './components/admin-layout';
import { arrivedConsolePage, type ConsolePage, type ConsolePageModule, loadConsolePage } from './console-pages';

/**
 * A console page, loaded the first time its route opens: the first render of one list waits for
 * that page's code alone, not for every page of the console. Its own Suspense keeps the layout
 * and the menu drawn while it loads.
 *
 * A page whose code is already here (the address the console opened at: the router waits for
 * it, src/app/router.tsx) renders in the frame's first pass. Through React.lazy it would suspend
 * once all the same, and React reveals a suspended page's content at the earliest 300 ms after
 * the spinner it showed: most of a cold first render's budget, spent waiting on nothing.
 */
function lazyPage<S extends ConsolePage>(segment: S, name: keyof ConsolePageModule<S> & string) {
  const pick = (module: ConsolePageModule<S>) => module[name] as ComponentType;
  const Lazy = lazy(async () => ({ default: pick(await loadConsolePage(segment)) }));
  function Page() {
    // decided once per mount: a page switching from the lazy one to the arrived one would remount
    const [Arrived] = useState(() => {
      const module = arrivedConsolePage(segment);
      return module ? pick(module) : null;
    });
    return Arrived ? <Arrived /> : <Lazy />;
  }
  return withSpinner(<Page />);
}

function withSpinner(page: ReactNode) {
  return <Suspense fallback={<Spin style={{ display: 'block', marginTop: 96 }} />}>{page}</Suspense>;
}

const NotFound = lazy(async () => ({ default: (await import('./routes/not-found-page')).AdminNotFoundPage }));
const AdminNotFoundPage = withSpinner(<NotFound />);

const AccountPage = lazyPage('account', 'AccountPage');
const AuditPage = lazyPage('audit', 'AuditPage');
const CompaniesPage = lazyPage('companies', 'CompaniesPage');
const CouponsPage = lazyPage('coupons', 'CouponsPage');
const KeywordsPage = lazyPage('keywords', 'KeywordsPage');
const AdminLoginPage = lazyPage('login', 'AdminLoginPage');
const MaterialsPage = lazyPage('materials', 'MaterialsPage');
const DashboardPage = lazyPage('dashboard', 'DashboardPage');
const OverviewPage = lazyPage('overview', 'OverviewPage');
const OperatorsPage = lazyPage('operators', 'OperatorsPage');
const OrdersPage = lazyPage('orders', 'OrdersPage');
const PaymentExceptionsPage = lazyPage('payment-exceptions', 'PaymentExceptionsPage');
const ServiceSettingsPage = lazyPage('service', 'ServiceSettingsPage');
const TransfersPage = lazyPage('transfers', 'TransfersPage');
const DemandsPage = lazyPage('demands', 'DemandsPage');
const InvoicesPage = lazyPage('invoices', 'InvoicesPage');
const SurveysPage = lazyPage('surveys', 'SurveysPage');
const PrivacyPage = lazyPage('privacy', 'PrivacyPage');
const TracePage = lazyPage('trace', 'TracePage');
const ReviewPage = lazyPage('review', 'ReviewPage');
const UploadPage = lazyPage('upload', 'UploadPage');
const ContentPage = lazyPage('content', 'ContentPage');

/**
 * The operator console, mounted at /admin/* by one lazy route of the app router: its frame (this
 * router and the layout) loads first, each page when it opens, and no buyer page loads any of
 * it. It has its own login, session (a separate token) and layout, and its own copy of antd with
 * antd's scope (theme, zh_CN) and toasts (build/console-copies.ts); it shares with the site only
 * React Query's cache and the api-client's envelope handling.
 */
export default function AdminApp() {
  return (
    <AntdScope staticStyles>
      <NotifierBinding />
      <ConsoleRoutes />
    </AntdScope>
  );
}

function ConsoleRoutes() {
  return (
    <Routes>
      <Route path="login" element={AdminLoginPage} />
      <Route element={<AdminLayout />}>
        <Route index element={<AdminHome />} />
        <Route path="overview" element={OverviewPage} />
        <Route path="dashboard" element={DashboardPage} />
        <Route path="materials" element={MaterialsPage} />
        <Route path="upload" element={UploadPage} />
        <Route path="review" element={ReviewPage} />
        <Route path="keywords" element={KeywordsPage} />
        <Route path="orders" element={OrdersPage} />
        <Route path="transfers" element={TransfersPage} />
        <Route path="invoices" element={InvoicesPage} />
        <Route path="demands" element={DemandsPage} />
        <Route path="surveys" element={SurveysPage} />
        <Route path="privacy" element={PrivacyPage} />
        <Route path="trace" element={TracePage} />
        <Route path="payment-exceptions" element={PaymentExceptionsPage} />
        <Route path="coupons" element={CouponsPage} />
        <Route path="audit" element={AuditPage} />
        <Route path="companies" element={CompaniesPage} />
        <Route path="service" element={ServiceSettingsPage} />
        <Route path="operators" element={OperatorsPage} />
        <Route path="account" element={AccountPage} />
        <Route path="content" element={ContentPage} />
        <Route path="*" element={AdminNotFoundPage} />
      </Route>
    </Routes>
  );
}
