import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { InstallPrompt } from '../components/ui/install-prompt.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { UpdateBar } from '../components/ui/update-bar.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** The app below its router: the browser wraps it in BrowserRouter, the server render in StaticRouter. */
export function AppContent({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Router>
        <AppShell />
        {/* Inside the router: a toast may carry a link (the way to verify after a refusal). */}
        <ToastHost />
      </Router>
      <InstallPrompt />
      <UpdateBar />
    </StrictMode>
  );
}

export function App() {
  return <AppContent router={BrowserRouter} />;
}
