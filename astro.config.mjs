// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// The hall is served by our own node:http front (server/main.ts), which mounts Astro's handler in
// middleware mode behind the API dispatch and the front page cache (see docs/decisions).
// BUILD_DIR lets a test run build into a directory of its own while another server uses dist/.
const outDir = process.env.BUILD_DIR ?? './dist';

export default defineConfig({
  srcDir: './hall',
  outDir,
  cacheDir: process.env.BUILD_DIR ? `${outDir}/.cache` : './node_modules/.astro',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  devToolbar: { enabled: false },
  build: { assets: '_astro' },
});
