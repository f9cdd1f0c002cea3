import type { Browser, BrowserContext, Page, Response } from '@playwright/test'

/**
 * Waits until React has taken over the page. A server-rendered page shows its HTML before that, but
 * its buttons and forms have no handlers yet, so what is typed or clicked then reaches nothing.
 * createRoot and hydrateRoot both mark #root as their container at once, but hydration then runs as
 * a transition, in slices between the browser's tasks; React marks a server-rendered element as its
 * own when it has hydrated everything inside it, so the app's outermost element carries the mark
 * once the whole page has been taken over. The server may put resource tags ahead of it (a preload
 * `<link>` for the first product's cover), which React leaves unmarked: they are skipped. Pages
 * without #root (a download, an API answer) return at once.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root')
    if (root === null) return true
    const marked = (node: Element, prefix: string) => Object.keys(node).some((key) => key.startsWith(prefix))
    if (!marked(root, '__reactContainer')) return false
    const resources = ['LINK', 'META', 'TITLE', 'STYLE', 'SCRIPT', 'BASE']
    const outermost = [...root.children].find((child) => !resources.includes(child.tagName))
    return outermost === undefined || marked(outermost, '__reactFiber')
  })
}

const patched = new WeakSet<Page>()

/**
 * Makes `goto` and `reload` on this page resolve only once React has taken the page over, the way a
 * person waits for a page to respond before using it. Every page the tests drive goes through this.
 */
export function waitForReactOnNavigation(page: Page): Page {
  if (patched.has(page)) return page
  patched.add(page)
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args: Parameters<Page['goto']>): Promise<Response | null> => {
    const response = await goto(...args)
    if (isPage(response)) await hydrated(page)
    return response
  }
  page.reload = async (...args: Parameters<Page['reload']>): Promise<Response | null> => {
    const response = await reload(...args)
    if (isPage(response)) await hydrated(page)
    return response
  }
  return page
}

/** Patches every page the context opens, now and later. */
export function waitForReactInContext(context: BrowserContext): BrowserContext {
  for (const page of context.pages()) waitForReactOnNavigation(page)
  context.on('page', waitForReactOnNavigation)
  return context
}

/** Patches the contexts and pages a test opens itself through `browser`. */
export function waitForReactInBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  const newPage = browser.newPage.bind(browser)
  // A context without JavaScript never hydrates: its pages are read as the server sent them.
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args)
    return args[0]?.javaScriptEnabled === false ? context : waitForReactInContext(context)
  }
  browser.newPage = async (...args: Parameters<Browser['newPage']>) =>
    waitForReactOnNavigation(await newPage(...args))
  return browser
}

/** An HTML answer that loaded (a 4xx/5xx page still renders the app; a download has no document). */
function isPage(response: Response | null): boolean {
  if (response === null) return false
  return (response.headers()['content-type'] ?? '').startsWith('text/html')
}
