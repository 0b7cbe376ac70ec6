import { render } from 'preact';
import { CoreAdminContext, CoreAdminUI, localStorageStore, Resource } from 'ra-core';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createAuthProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { browserLanguage, createI18nProvider } from './i18n.ts';
import { Layout } from './layout.tsx';
import { LoginPage } from './login-page.tsx';
import { PlayerList, PlayerShow } from './players.tsx';
import { KycReviewQueue } from './compliance/kyc-review-queue.tsx';
import { ExclusionRegister } from './compliance/exclusion-register.tsx';
import { LimitHistory } from './compliance/limit-history.tsx';
import { DrawList, MessageCompose, ProgrammeEdit, ProgrammeList } from './programmes/screens.tsx';
import { ContentPage, NoticesPage } from './content/screens.tsx';
import { Adjustments } from './money/adjustments.tsx';
import { WithdrawalApprovals } from './money/approvals.tsx';
import { PaymentCases } from './money/payment-cases.tsx';
import { SystemOptions } from './money/options.tsx';
import { ReportsPage } from './reports/reports-page.tsx';
import { AuditLog } from './staff/audit-log.tsx';
import { StaffList } from './staff/staff-list.tsx';
import { JobsPage } from './operations/jobs.tsx';
import { FleetPage } from './operations/fleet.tsx';
import { RegulatorFeedPage } from './operations/regulator-feed.tsx';
import './styles.css';

/**
 * The operator's back office (issue 26; docs/back-office.md): ra-core's routing, auth and data hooks,
 * rendered with our own components on preact/compat. Served by the server under /admin.
 */
// The chosen language (ra-core's `locale`) and list filters are kept in this browser, apart from the
// player app's storage.
const store = localStorageStore('1', 'back-office');
const i18nProvider = createI18nProvider(store.getItem('locale') ?? browserLanguage());

const BASENAME = '/admin';

function BackOffice() {
  return (
    <CoreAdminContext
      basename={BASENAME}
      store={store}
      authProvider={createAuthProvider()}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
    >
      <CoreAdminUI layout={Layout} loginPage={LoginPage} requireAuth disableTelemetry title="Back office">
        <Resource name="players" list={PlayerList} show={PlayerShow} />
        <Resource name="kyc-reviews" list={KycReviewQueue} />
        <Resource name="exclusions" list={ExclusionRegister} />
        <Resource name="limit-changes" list={LimitHistory} />
        <Resource name="programmes" list={ProgrammeList} edit={ProgrammeEdit} />
        <Resource name="draws" list={DrawList} />
        <Resource name="messages" list={MessageCompose} />
        <Resource name="notices" list={NoticesPage} />
        <Resource name="content" list={ContentPage} />
        <Resource name="withdrawal-approvals" list={WithdrawalApprovals} />
        <Resource name="payment-cases" list={PaymentCases} />
        <Resource name="adjustments" list={Adjustments} />
        <Resource name="system-options" list={SystemOptions} />
        <Resource name="reports" list={ReportsPage} />
        <Resource name="staff" list={StaffList} />
        <Resource name="audit" list={AuditLog} />
        <Resource name="jobs" list={JobsPage} />
        <Resource name="fleet" list={FleetPage} />
        <Resource name="regulator-feed" list={RegulatorFeedPage} />
      </CoreAdminUI>
    </CoreAdminContext>
  );
}

// Real addresses under /admin (the server answers each with this page), not ra-core's default hash router:
// the back office is mounted at /admin/*, and ra-core's links and redirects carry the basename.
render(
  <BrowserRouter>
    <Routes>
      <Route path={`${BASENAME}/*`} element={<BackOffice />} />
    </Routes>
  </BrowserRouter>,
  document.getElementById('root')!,
);
