import './lib/zod-config'
import './styles.css'
import { nextTask } from './lib/next-task'
import { initTheme } from './lib/theme'
import { takeServerState } from './server-state'

// The entry is small on purpose (decision 0152): React DOM and then the app are imported after it, so
// the browser evaluates each in a task of its own instead of all of it in one long task at start.
// index.html names both chunks for preloading (scripts/boot-preload.ts), so none waits for this one.

// Before anything renders. An inline script in index.html would do it earlier, but the CSP allows
// none (script-src 'self'); the stylesheet follows the system preference until this runs.
initTheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const serverState = takeServerState()

void (async () => {
  await import('react-dom/client')
  await nextTask()
  const { startApp } = await import('./start-app')
  await nextTask()
  await startApp(container, serverState)
})()
