import { Route, Routes } from 'react-router';
import { AdminHome, AdminLayout } from './components/admin-layout';
import { AccountPage } from './routes/account-page';
import { AuditPage } from './routes/audit-page';
import { CompaniesPage } from './routes/companies-page';
import { CouponsPage } from './routes/coupons-page';
import { KeywordsPage } from './routes/keywords-page';
import { AdminLoginPage } from './routes/login-page';
import { MaterialsPage } from './routes/materials-page';
import { AdminNotFoundPage } from './routes/not-found-page';
import { OperatorsPage } from './routes/operators-page';
import { OrdersPage } from './routes/orders-page';
import { OverviewPage } from './routes/overview-page';
import { PaymentExceptionsPage } from './routes/payment-exceptions-page';
import { ServiceSettingsPage } from './routes/service-settings-page';
import { TransfersPage } from './routes/transfers-page';
import { DemandsPage } from './routes/demands-page';
import { InvoicesPage } from './routes/invoices-page';
import { SurveysPage } from './routes/surveys-page';
import { ReviewPage } from './routes/review-page';
import { UploadPage } from './routes/upload-page';

/**
 * The operator console, mounted at /admin/* by one lazy route of the app router: everything
 * under src/features/admin lands in its own chunk, which no buyer page ever loads. It has its
 * own login, session (a separate token) and layout; it shares only the providers (antd zh_CN,
 * React Query) and the api-client's envelope handling.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<AdminLoginPage />} />
      <Route element={<AdminLayout />}>
        <Route index element={<AdminHome />} />
        <Route path="overview" element={<OverviewPage />} />
        <Route path="materials" element={<MaterialsPage />} />
        <Route path="upload" element={<UploadPage />} />
        <Route path="review" element={<ReviewPage />} />
        <Route path="keywords" element={<KeywordsPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="transfers" element={<TransfersPage />} />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="demands" element={<DemandsPage />} />
        <Route path="surveys" element={<SurveysPage />} />
        <Route path="payment-exceptions" element={<PaymentExceptionsPage />} />
        <Route path="coupons" element={<CouponsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="companies" element={<CompaniesPage />} />
        <Route path="service" element={<ServiceSettingsPage />} />
        <Route path="operators" element={<OperatorsPage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
