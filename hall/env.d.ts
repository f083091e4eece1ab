/// <reference types="astro/client" />
import type { ApiBases } from '@shared/api/bases';
import type { HallServices } from '@server/hall-services';

declare global {
  namespace App {
    interface Locals {
      /** In-process data access for hall pages, passed by server/main.ts (contract item 4). */
      services: HallServices;
      /** The API bases the browser should call (server config), embedded into the console page. */
      apiBases: ApiBases;
      /** The client's address (TRUST_PROXY honoured), set per request by server/front.ts. */
      clientAddress?: string;
    }
  }
}
