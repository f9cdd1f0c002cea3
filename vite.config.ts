import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { writeChunkAudience } from './scripts/chunk-audience'
import { precompress } from './scripts/precompress'

// The web app lives in src/web and builds to dist/web, which the server serves; its text files get
// brotli and gzip copies beside them (scripts/precompress.ts), and dist/web-chunks.json says which chunks
// are the staff's (scripts/chunk-audience.ts).
// In development (`npm run dev`) Vite proxies the API to the server on :3000.
export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss(), precompress(), writeChunkAudience()],
  // React's API on Preact (decision 0101): preact/compat in place of react and react-dom, about 60 KB
  // gzip less on every first load; `react` itself is src/web/lib/react-module.ts (compat, its own useId). src/web/lib/react-on-preact.ts adds the React 19 behaviours our
  // components rely on. The unit tests (vitest.config.ts) render with React itself.
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      {
        find: /^react$/,
        replacement: fileURLToPath(new URL('./src/web/lib/react-module.ts', import.meta.url)),
      },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    rollupOptions: {
      // The contract's modules only declare schemas: one whose exports a chunk does not use is left
      // out, so a page that trusts its answers in production carries no zod (decision 0096).
      treeshake: { moduleSideEffects: (id, external) => external || !id.includes('/src/shared/') },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/readyz': 'http://localhost:3000',
    },
  },
})
