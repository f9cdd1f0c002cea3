import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { bootPreload } from './scripts/boot-preload'
import { writeChunkAudience } from './scripts/chunk-audience'
import { precompress } from './scripts/precompress'

// The web app lives in src/web and builds to dist/web, which the server serves; its text files get
// brotli and gzip copies beside them (scripts/precompress.ts), and dist/web-chunks.json says which chunks
// are the staff's (scripts/chunk-audience.ts). Its server build (`vite build --ssr entry-server.tsx`)
// goes to dist/web-server, which the server loads to render the public pages (decision 0110); the
// packages it imports are loaded from node_modules.
// In development (`npm run dev`) Vite proxies the API to the server on :3000.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  plugins: [
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [bootPreload(), precompress(), writeChunkAudience()]),
  ],
  build: isSsrBuild
    ? { outDir: '../../dist/web-server', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: true,
        assetsDir: 'assets',
        // CommonJS packages (react, react-dom, scheduler) become plain top-level code instead of
        // functions called on first require: the browser then compiles them while the script streams
        // in, off the main thread, rather than when the page starts (decision 0152).
        commonjsOptions: { strictRequires: false },
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
}))
