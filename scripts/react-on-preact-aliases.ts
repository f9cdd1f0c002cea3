import { fileURLToPath } from 'node:url'

/**
 * React's API on Preact (decision 0101): what `react` and `react-dom` resolve to in the web build
 * (vite.config.ts) and in the web's render tests (vitest.config.ts). `react` itself is
 * src/web/lib/react-module.ts: preact/compat with its own useId.
 */
export const reactOnPreactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: fileURLToPath(new URL('../src/web/lib/react-module.ts', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
]
