import { createContext, use } from 'react';
import type { ApiClient } from '@shared/api/client';

const ApiContext = createContext<ApiClient | null>(null);

/** Provides the console's one API client (created by the console root). */
export const ApiProvider = ApiContext.Provider;

/** The console's API client; features call the back end only through it. */
export function useApi(): ApiClient {
  const api = use(ApiContext);
  if (!api) throw new Error('useApi: no ApiProvider above this component');
  return api;
}
