// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// The hall is served by our own node:http front (server/main.ts), which mounts Astro's handler in
// middleware mode behind the API dispatch and the front page cache (see docs/decisions).
export default defineConfig({
  srcDir: './hall',
  outDir: './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  devToolbar: { enabled: false },
  build: { assets: '_astro' },
});
