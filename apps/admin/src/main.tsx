import { render } from 'preact';
import { CoreAdminContext, CoreAdminUI, localStorageStore, Resource } from 'ra-core';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createAuthProvider } from './auth-provider.ts';
import { dataProvider } from './data-provider.ts';
import { browserLanguage, createI18nProvider } from './i18n.ts';
import { Layout } from './layout.tsx';
import { LoginPage } from './login-page.tsx';
import { PlayerList, PlayerShow } from './players.tsx';
import { ReportsPage } from './reports/reports-page.tsx';
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
        <Resource name="reports" list={ReportsPage} />
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
