import { Spin } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { AdminHome, AdminLayout } from './components/admin-layout';

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

const AccountPage = lazyPage(() => import('./routes/account-page'), 'AccountPage');
const AuditPage = lazyPage(() => import('./routes/audit-page'), 'AuditPage');
const CompaniesPage = lazyPage(() => import('./routes/companies-page'), 'CompaniesPage');
const CouponsPage = lazyPage(() => import('./routes/coupons-page'), 'CouponsPage');
const KeywordsPage = lazyPage(() => import('./routes/keywords-page'), 'KeywordsPage');
const AdminLoginPage = lazyPage(() => import('./routes/login-page'), 'AdminLoginPage');
const MaterialsPage = lazyPage(() => import('./routes/materials-page'), 'MaterialsPage');
const AdminNotFoundPage = lazyPage(() => import('./routes/not-found-page'), 'AdminNotFoundPage');
const OverviewPage = lazyPage(() => import('./routes/overview-page'), 'OverviewPage');
const OperatorsPage = lazyPage(() => import('./routes/operators-page'), 'OperatorsPage');
const OrdersPage = lazyPage(() => import('./routes/orders-page'), 'OrdersPage');
const PaymentExceptionsPage = lazyPage(() => import('./routes/payment-exceptions-page'), 'PaymentExceptionsPage');
const ServiceSettingsPage = lazyPage(() => import('./routes/service-settings-page'), 'ServiceSettingsPage');
const TransfersPage = lazyPage(() => import('./routes/transfers-page'), 'TransfersPage');
const DemandsPage = lazyPage(() => import('./routes/demands-page'), 'DemandsPage');
const InvoicesPage = lazyPage(() => import('./routes/invoices-page'), 'InvoicesPage');
const SurveysPage = lazyPage(() => import('./routes/surveys-page'), 'SurveysPage');
const ReviewPage = lazyPage(() => import('./routes/review-page'), 'ReviewPage');
const UploadPage = lazyPage(() => import('./routes/upload-page'), 'UploadPage');

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
        <Route path="materials" element={MaterialsPage} />
        <Route path="upload" element={UploadPage} />
        <Route path="review" element={ReviewPage} />
        <Route path="keywords" element={KeywordsPage} />
        <Route path="orders" element={OrdersPage} />
        <Route path="transfers" element={TransfersPage} />
        <Route path="invoices" element={InvoicesPage} />
        <Route path="demands" element={DemandsPage} />
        <Route path="surveys" element={SurveysPage} />
        <Route path="payment-exceptions" element={PaymentExceptionsPage} />
        <Route path="coupons" element={CouponsPage} />
        <Route path="audit" element={AuditPage} />
        <Route path="companies" element={CompaniesPage} />
        <Route path="service" element={ServiceSettingsPage} />
        <Route path="operators" element={OperatorsPage} />
        <Route path="account" element={AccountPage} />
        <Route path="*" element={AdminNotFoundPage} />
      </Route>
    </Routes>
  );
}
