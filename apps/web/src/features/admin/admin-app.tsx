import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminHome, AdminLayout } from './components/admin-layout';
import { CONSOLE_PAGES } from './console-pages';

/**
 * A console page, loaded the first time its route opens: the first render of one list waits for
 * that page's code alone, not for every page of the console. Its own Suspense keeps the layout
 * and the menu drawn while it loads.
 */
function lazyPage<N extends string>(load: () => Promise<Record<N, ComponentType>>, name: N) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<Spin style={{ display: 'block', marginTop: 96 }} />}>
      <Page />
    </Suspense>
  );
}

const AccountPage = lazyPage(CONSOLE_PAGES.account, 'AccountPage');
const AuditPage = lazyPage(CONSOLE_PAGES.audit, 'AuditPage');
const CompaniesPage = lazyPage(CONSOLE_PAGES.companies, 'CompaniesPage');
const CouponsPage = lazyPage(CONSOLE_PAGES.coupons, 'CouponsPage');
const KeywordsPage = lazyPage(CONSOLE_PAGES.keywords, 'KeywordsPage');
const AdminLoginPage = lazyPage(CONSOLE_PAGES.login, 'AdminLoginPage');
const MaterialsPage = lazyPage(CONSOLE_PAGES.materials, 'MaterialsPage');
const AdminNotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'AdminNotFoundPage');
const DashboardPage = lazyPage(CONSOLE_PAGES.dashboard, 'DashboardPage');
const OverviewPage = lazyPage(CONSOLE_PAGES.overview, 'OverviewPage');
const OperatorsPage = lazyPage(CONSOLE_PAGES.operators, 'OperatorsPage');
const OrdersPage = lazyPage(CONSOLE_PAGES.orders, 'OrdersPage');
const PaymentExceptionsPage = lazyPage(CONSOLE_PAGES['payment-exceptions'], 'PaymentExceptionsPage');
const ServiceSettingsPage = lazyPage(CONSOLE_PAGES.service, 'ServiceSettingsPage');
const TransfersPage = lazyPage(CONSOLE_PAGES.transfers, 'TransfersPage');
const DemandsPage = lazyPage(CONSOLE_PAGES.demands, 'DemandsPage');
const InvoicesPage = lazyPage(CONSOLE_PAGES.invoices, 'InvoicesPage');
const SurveysPage = lazyPage(CONSOLE_PAGES.surveys, 'SurveysPage');
const PrivacyPage = lazyPage(CONSOLE_PAGES.privacy, 'PrivacyPage');
const TracePage = lazyPage(CONSOLE_PAGES.trace, 'TracePage');
const ReviewPage = lazyPage(CONSOLE_PAGES.review, 'ReviewPage');
const UploadPage = lazyPage(CONSOLE_PAGES.upload, 'UploadPage');
const ContentPage = lazyPage(CONSOLE_PAGES.content, 'ContentPage');

/**
 * The operator console, mounted at /admin/* by one lazy route of the app router: its frame (this
 * router and the layout) loads first, each page when it opens, and no buyer page loads any of
 * it. It has its own login, session (a separate token) and layout; it shares only the providers
 * (antd zh_CN, React Query) and the api-client's envelope handling.
 */
export default function AdminApp() {
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
