// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { browserCalls } from './scripts/browser-calls.mjs';

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
  vite: {
    plugins: [browserCalls()],
    build: {
      // BUILD_SOURCEMAP=1 writes source maps, to see which sources a chunk's bytes come from.
      sourcemap: process.env.BUILD_SOURCEMAP === '1',
      // Our processed <script>s are never inlined into pages: the Content-Security-Policy allows
      // scripts from our origin plus the hashes of Astro's own island runtime only
      // (server/lib/security-headers.ts). Other assets keep Vite's default limit.
      assetsInlineLimit: (file) => (/\.m?js$/.test(file) ? false : undefined),
    },
  },
});
