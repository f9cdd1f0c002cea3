import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Config, type RunnerResult } from 'lighthouse'
import * as lighthouseConstants from 'lighthouse/core/config/constants.js'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium'
import { seedShop, startDepot } from './lib/built-depot'
import { ensureBuilt } from './lib/built-tree'
import { formatFixed, formatTable } from './lib/table'

// Lighthouse on the storefront as a visitor meets it: the built server (`node dist/server/main.js`) on a
// fresh SQLite folder with 24 published products that have covers (a full first page of the shop),
// Debian's headless Chromium, the mobile preset (a mid-range phone on a slow 4G link, simulated) and the
// desktop preset, on /shop and one product page. The goals are the storefront's (decision 0096).
//
// Machines of this kind differ about 2.5× in CPU speed, so the mobile preset's CPU multiplier is scaled to
// the same phone everywhere: 4 × benchmarkIndex / 1,500, from the benchmarkIndex Lighthouse measures in a
// first, unscored run (4 on a machine whose index is 1,500). The goals hold at that normalised speed.

const PRODUCTS = 24
/** The benchmarkIndex at which the mobile preset's multiplier of 4 stands for the target phone. */
const REFERENCE_INDEX = 1500
const PRESET_MULTIPLIER = 4
// The browser tests' Chromium flags (quiet, offline, no sandbox as root), headless.
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]

type Report = RunnerResult['lhr']

interface Goal {
  label: string
  value: (lhr: Report) => number
  format: (n: number) => string
  /** Only for the mobile preset: the goals are a phone's. */
  met?: (n: number) => boolean
}

const audit = (lhr: Report, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
const score = (lhr: Report, id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100

function scriptBytes(lhr: Report): number {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items
  return items?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN
}

const GOALS: Goal[] = [
  {
    label: 'performance',
    value: (l) => score(l, 'performance'),
    format: (n) => formatFixed(n, 0),
    met: (n) => n >= 95,
  },
  {
    label: 'accessibility',
    value: (l) => score(l, 'accessibility'),
    format: (n) => formatFixed(n, 0),
    met: (n) => n >= 100,
  },
  {
    label: 'CLS',
    value: (l) => audit(l, 'cumulative-layout-shift'),
    format: (n) => formatFixed(n, 3),
    met: (n) => n <= 0.05,
  },
  {
    label: 'TBT ms',
    value: (l) => audit(l, 'total-blocking-time'),
    format: (n) => formatFixed(n, 0),
    met: (n) => n <= 100,
  },
  { label: 'FCP ms', value: (l) => audit(l, 'first-contentful-paint'), format: (n) => formatFixed(n, 0) },
  { label: 'LCP ms', value: (l) => audit(l, 'largest-contentful-paint'), format: (n) => formatFixed(n, 0) },
  // The main thread's work and its script part (parse, compile, run), CPU-throttled like TBT: they move
  // less than TBT with the machine's load, so they compare two builds on a busy machine.
  {
    label: 'main ms',
    value: (l) => audit(l, 'mainthread-work-breakdown'),
    format: (n) => formatFixed(n, 0),
  },
  { label: 'script ms', value: (l) => audit(l, 'bootup-time'), format: (n) => formatFixed(n, 0) },
  // The first load's JavaScript as the browser downloaded it (brotli, headers included): printed, no
  // ceiling of its own (the goals above decide).
  { label: 'JS KB', value: scriptBytes, format: (n) => formatFixed(n / 1024, 1) },
  // The machine's speed as Lighthouse measured it during this run.
  { label: 'bench index', value: (l) => l.environment.benchmarkIndex, format: (n) => formatFixed(n, 0) },
]

export const lighthouseBench = {
  name: 'lighthouse',
  async run(): Promise<{ ok: boolean }> {
    console.log('\n## lighthouse: /shop and a product page, mobile and desktop presets, built server')
    const chromePath = process.env.CHROME_PATH || chromiumPath()
    if (!fs.existsSync(chromePath)) {
      console.log(`   skipped: no Chromium at ${chromePath} (set CHROME_PATH)`)
      return { ok: true }
    }
    ensureBuilt()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-lighthouse-'))
    const productSlug = await seedShop(dataDir, PRODUCTS)
    const depot = await startDepot(dataDir)
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
    })
    const rows: string[][] = []
    const lcpRows: string[][] = []
    // LIGHTHOUSE_REPORT_DIR=folder keeps each run's full report (JSON) there, for the audits' details.
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR
    if (reportDir) fs.mkdirSync(reportDir, { recursive: true })
    try {
      const pages = [
        { label: '/shop', url: `${depot.origin}/shop` },
        { label: 'product page', url: `${depot.origin}/shop/${productSlug}` },
      ]
      const multiplier = await mobileMultiplier(pages[0]!.url, chrome.port)
      for (const page of pages)
        for (const preset of ['mobile', 'desktop'] as const) {
          const config = preset === 'desktop' ? desktopConfig : mobileConfig(multiplier)
          const result = await runLighthouse(page.url, chrome.port, config)
          if (reportDir) {
            const name = `${page.label.replace(/\W+/g, '-').replace(/^-/, '')}-${preset}.json`
            fs.writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr))
          }
          rows.push([
            page.label,
            preset,
            ...GOALS.map((goal) => {
              const value = goal.value(result.lhr)
              if (!goal.met || preset !== 'mobile') return goal.format(value)
              return `${goal.format(value)} ${goal.met(value) ? 'met' : 'MISSED'}`
            }),
          ])
        }
      const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS })
      try {
        for (const page of pages) lcpRows.push([page.label, ...(await lcpInServerHtml(browser, page.url))])
      } finally {
        await browser.close()
      }
    } finally {
      await chrome.kill()
      await depot.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    console.log()
    console.log(formatTable(['page', 'preset', ...GOALS.map((g) => g.label)], rows))
    console.log('   goals (mobile): performance ≥ 95, accessibility 100, CLS ≤ 0.05, TBT ≤ 100 ms')
    console.log()
    console.log(formatTable(['page', 'LCP element (390 px viewport)', "in the server's HTML"], lcpRows))
    console.log(
      "   goal: the Largest Contentful Paint element is in the server's HTML, before any script runs",
    )
    return { ok: true }
  },
}

/**
 * The mobile preset's CPU multiplier for this machine: 4 × benchmarkIndex / 1,500, the index from a
 * first mobile run on `url` (its scores are not kept). LIGHTHOUSE_CPU_SLOWDOWN=n sets it by hand.
 */
async function mobileMultiplier(url: string, port: number): Promise<number> {
  const forced = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  if (forced) {
    console.log(`   mobile preset with the CPU slowed down ${forced}× (LIGHTHOUSE_CPU_SLOWDOWN)`)
    return forced
  }
  const first = await runLighthouse(url, port, undefined)
  const index = first.lhr.environment.benchmarkIndex
  const multiplier = (PRESET_MULTIPLIER * index) / REFERENCE_INDEX
  console.log(
    `   benchmarkIndex ${formatFixed(index, 0)} (first run, not scored): mobile CPU multiplier ` +
      `${formatFixed(multiplier, 2)} = ${PRESET_MULTIPLIER} × ${formatFixed(index, 0)} / ${REFERENCE_INDEX}`,
  )
  return multiplier
}

/** The mobile preset with its CPU multiplier set (the preset's own is 4). */
function mobileConfig(multiplier: number): Config {
  return {
    extends: 'lighthouse:default',
    settings: {
      throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: multiplier },
    },
  }
}

/**
 * The page's LCP element as a phone-sized Chromium finds it (a buffered `largest-contentful-paint`
 * observer once the page has loaded), and whether the server's raw HTML for the page (fetched without
 * running any script) already holds it: an image by its address, other elements by their text.
 * Lighthouse's own LCP-element audit fails on this Chromium (its RootCauses gatherer), hence a browser
 * of our own.
 */
async function lcpInServerHtml(browser: Browser, url: string): Promise<[string, string]> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 })
  try {
    await page.goto(url, { waitUntil: 'networkidle' })
    const lcp = await page.evaluate(
      () =>
        new Promise<{ url: string; tag: string; text: string } | null>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().at(-1) as
              | (PerformanceEntry & { url: string; element: Element | null })
              | undefined
            if (!entry) return resolve(null)
            resolve({
              url: entry.url,
              tag: entry.element?.tagName.toLowerCase() ?? '(removed from the page)',
              text: (entry.element?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
            })
          }).observe({ type: 'largest-contentful-paint', buffered: true })
          setTimeout(() => resolve(null), 5000)
        }),
    )
    if (!lcp) return ['none reported', 'unknown']
    const html = decodeEntities(await fetch(url).then((r) => r.text()))
    const address = lcp.url ? new URL(lcp.url) : undefined
    // An image counts only as an <img> the server wrote (not a preload link or the page's JSON state).
    const found = address
      ? html
          .split('<img')
          .some((tag, i) => i > 0 && tag.split('>')[0]!.includes(address.pathname + address.search))
      : lcp.text !== '' && html.includes(lcp.text)
    const what = address ? `<${lcp.tag}> ${address.pathname}${address.search}` : `<${lcp.tag}> "${lcp.text}"`
    return [what, found ? 'yes, met' : 'NO, MISSED']
  } finally {
    await page.close()
  }
}

const decodeEntities = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * One Lighthouse run. Its trace recording sometimes finds no navigation start (NO_NAVSTART) on a busy
 * machine: a failure of the recording, not of the page, so that one error gets up to two more tries.
 */
async function runLighthouse(url: string, port: number, config: Config | undefined): Promise<RunnerResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(
      url,
      { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      config,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = result.lhr.runtimeError
    if (!error) return result
    if (error.code !== 'NO_NAVSTART' || attempt === 3) throw new Error(`${url}: ${error.message}`)
    console.log(`   ${url}: Lighthouse recorded no navigation start (NO_NAVSTART); running it again`)
  }
}
