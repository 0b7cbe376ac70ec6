import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { InstallPrompt } from '../components/ui/install-prompt.tsx';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { UpdateBar } from '../components/ui/update-bar.tsx';
import { AppShell } from './shell/app-shell.tsx';

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
      <InstallPrompt />
      <UpdateBar />
      <ToastHost />
    </StrictMode>
  );
}
