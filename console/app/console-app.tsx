import { StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { readEmbeddedApiBases } from '@shared/api/bases';
import { createApiClient, type ApiClient } from '@shared/api/client';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, QueryProvider } from '@console/kit/query';
import { ApiProvider } from '@console/lib/api';
import { createConsoleRouter } from './router';
import { announceSessionExpired } from './session-expired';
import { persistUiStateOnUnload } from './ui-state';
import '@shared/ui/ui.css';
import './layout/layout.css';

let instance:
  { api: ApiClient; queries: QueryClient; router: ReturnType<typeof createConsoleRouter> } | undefined;

/** One API client and one router per page load (StrictMode renders twice; the router must not). */
function consoleInstance() {
  if (!instance) {
    const api = createApiClient({
      bases: readEmbeddedApiBases(document),
      // Spec section 6: an invalid session or the guest goes to the sign-in, after saying why.
      onInvalidSession: () => announceSessionExpired(),
    });
    persistUiStateOnUnload();
    instance = { api, queries: createQueryClient(), router: createConsoleRouter(api) };
  }
  return instance;
}

/** The console root, mounted by hall/pages/[...path].astro as a client-only island. */
export default function ConsoleApp() {
  const { api, queries, router } = consoleInstance();
  return (
    <StrictMode>
      <ApiProvider value={api}>
        <QueryProvider client={queries}>
          <RouterProvider router={router} />
        </QueryProvider>
      </ApiProvider>
    </StrictMode>
  );
}
