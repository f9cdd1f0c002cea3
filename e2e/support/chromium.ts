// The browser is Debian's Chromium package; Playwright never downloads one (architecture.md).
// CHROMIUM_PATH overrides the location (scripts/test.mjs honours it too).
export const DEFAULT_CHROMIUM = '/usr/bin/chromium'

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM
}

// --no-sandbox: CI containers run as root, where Chromium's sandbox cannot start.
// The rest keep a headless run quiet and offline: no update checks, sync, QUIC or first-run work.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-default-apps',
  '--disable-extensions',
]
