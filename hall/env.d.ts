/// <reference types="astro/client" />
import type { HallServices } from '@server/hall-services';

declare global {
  namespace App {
    interface Locals {
      /** In-process data access for hall pages, passed by server/main.ts (contract item 4). */
      services: HallServices;
    }
  }
}
