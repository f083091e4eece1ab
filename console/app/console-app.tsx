import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { readEmbeddedApiBases } from '@shared/api/bases';
import { createApiClient, type ApiClient } from '@shared/api/client';
import { ApiProvider } from '@console/lib/api';
import { createConsoleRouter } from './router';
import { persistUiStateOnUnload } from './ui-state';
import '@console/components/ui/ui.css';
import './layout/layout.css';

let instance: { api: ApiClient; router: ReturnType<typeof createConsoleRouter> } | undefined;

/** One API client and one router per page load (StrictMode renders twice; the router must not). */
function consoleInstance() {
  if (!instance) {
    const api = createApiClient({
      bases: readEmbeddedApiBases(document),
      // Spec section 6: an invalid session or the guest goes to / and the page reloads.
      onInvalidSession: () => window.location.assign('/'),
    });
    persistUiStateOnUnload();
    instance = { api, router: createConsoleRouter(api) };
  }
  return instance;
}

/** The console root, mounted by hall/pages/[...path].astro as a client-only island. */
export default function ConsoleApp() {
  const { api, router } = consoleInstance();
  return (
    <StrictMode>
      <ApiProvider value={api}>
        <RouterProvider router={router} />
      </ApiProvider>
    </StrictMode>
  );
}
