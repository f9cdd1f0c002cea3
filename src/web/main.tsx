import './lib/zod-config'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { initTheme } from './lib/theme'

// Before anything renders. An inline script in index.html would do it earlier, but the CSP allows
// none (script-src 'self'); the stylesheet follows the system preference until this runs.
initTheme()

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
