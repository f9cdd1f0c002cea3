import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seedShop, startDepot } from './lib/built-depot'
import { ensureBuilt, REPO_ROOT } from './lib/built-tree'
import { type LoadResult, runLoad } from './lib/load'
import type { Settings } from './lib/settings'
import { halfSpread, percentile, sortNumbers } from './lib/stats'
import { formatFixed, formatInteger, formatPercent, formatTable } from './lib/table'

// The anonymous shop server-rendered, against the same page's HTML saved once and served as a static
// file by the same Depot process (its static web serving, dist/web): what rendering /shop per request
// costs next to sending its bytes. The built server (`node dist/server/main.js`) on a fresh SQLite
// folder with 24 published products that have covers (a full first page), 16 keep-alive connections
// from the bench's raw-socket load generator, and /healthz probed one request at a time on another
// connection while the rendered page is loaded.

const PRODUCTS = 24
const CONNECTIONS = 16
const SAVED_PAGE = '/shop-saved.html'
const PROBE_GAP_MS = 10
const GOAL_RATIO = 0.5
const GOAL_P99_MS = 50
const GOAL_HEALTHZ_MS = 50

interface Target {
  id: string
  label: string
  path: string
  results: LoadResult[]
  probes: number[]
}

export const ssrThroughput = {
  name: 'ssr-throughput',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    console.log(
      `\n## ssr-throughput: anonymous /shop server-rendered against its HTML served as a static file, ` +
        `${CONNECTIONS} connections`,
    )
    console.log(
      `   ${CONNECTIONS} keep-alive connections, ${settings.warmupSeconds} s warm-up, then ${settings.rounds} ` +
        `round(s) × ${settings.seconds} s per target (order reversed every other round); ` +
        `load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}\n`,
    )
    ensureBuilt()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-ssr-'))
    const site = siteWithRoomForOneFile(dataDir)
    const depotData = path.join(dataDir, 'data')
    fs.mkdirSync(depotData)
    await seedShop(depotData, PRODUCTS)
    const depot = await startDepot(depotData, { WEB_ROOT: site.webRoot })
    const port = Number(new URL(depot.origin).port)
    const targets: Target[] = [
      {
        id: 'static',
        label: 'the same HTML as a static file (baseline)',
        path: SAVED_PAGE,
        results: [],
        probes: [],
      },
      { id: 'ssr', label: '/shop server-rendered, anonymous', path: '/shop', results: [], probes: [] },
    ]
    try {
      const html = await fetch(`${depot.origin}/shop`).then((r) => r.text())
      if (!html.includes('<div id="root"><'))
        throw new Error('/shop did not come server-rendered (is dist/web-server built?)')
      fs.writeFileSync(path.join(site.webRoot, SAVED_PAGE), html)

      for (const target of targets) {
        const warm = await runLoad({
          port,
          path: target.path,
          connections: CONNECTIONS,
          durationMs: settings.warmupSeconds * 1000,
        })
        if (warm.requests === 0 || warm.errors > 0)
          throw new Error(
            `${target.label}: ${warm.errors} errors in ${warm.requests} responses during warm-up`,
          )
      }
      for (let round = 0; round < settings.rounds; round++) {
        const order = round % 2 === 0 ? targets : [...targets].reverse()
        for (const target of order) {
          const probing = probeHealthz(depot.origin)
          target.results.push(
            await runLoad({
              port,
              path: target.path,
              connections: CONNECTIONS,
              durationMs: settings.seconds * 1000,
            }),
          )
          target.probes.push(...(await probing.stop()))
        }
      }
    } finally {
      await depot.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
    return { ok: report(targets) }
  },
}

/**
 * A web root Depot serves like dist/web, with room for the saved page: a folder of links to the built
 * files, beside links to the server build and the chunk map the server reads next to its web root.
 */
function siteWithRoomForOneFile(dir: string): { webRoot: string } {
  const dist = path.join(REPO_ROOT, 'dist')
  const webRoot = path.join(dir, 'web')
  fs.mkdirSync(webRoot)
  for (const entry of fs.readdirSync(path.join(dist, 'web')))
    fs.symlinkSync(path.join(dist, 'web', entry), path.join(webRoot, entry))
  for (const sibling of ['web-server', 'web-chunks.json'])
    if (fs.existsSync(path.join(dist, sibling)))
      fs.symlinkSync(path.join(dist, sibling), path.join(dir, sibling))
  return { webRoot }
}

/** /healthz one request at a time, PROBE_GAP_MS apart, until stopped; the latencies in ms. */
function probeHealthz(origin: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const response = await fetch(`${origin}/healthz`)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`/healthz answered ${response.status} during the load`)
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return latencies
    },
  }
}

function report(targets: Target[]): boolean {
  const figures = targets.map((t) => {
    const requests = t.results.reduce((sum, r) => sum + r.requests, 0)
    const seconds = t.results.reduce((sum, r) => sum + r.durationMs, 0) / 1000
    const latencies = sortNumbers(t.results.flatMap((r) => r.latenciesMs))
    const probes = sortNumbers([...t.probes])
    return {
      target: t,
      rate: requests / seconds,
      spread: halfSpread(t.results.map((r) => r.requests / (r.durationMs / 1000))),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      bytes: t.results[0]?.responseBytes ?? 0,
      errors: t.results.reduce((sum, r) => sum + r.errors, 0),
      generator: Math.max(...t.results.map((r) => r.generatorCpuShare)),
      healthzP99: percentile(probes, 99),
      healthzMax: probes.at(-1) ?? Number.NaN,
    }
  })
  const base = figures[0]!
  console.log(
    formatTable(
      [
        'id',
        'target',
        'req/s',
        '± rounds',
        'p50 ms',
        'p99 ms',
        'resp B',
        'errors',
        'req/s ÷ base',
        '/healthz p99 / max ms',
      ],
      figures.map((f) => [
        f.target.id,
        f.target.label,
        formatInteger(f.rate),
        formatPercent(f.spread),
        formatFixed(f.p50, 1),
        formatFixed(f.p99, 1),
        formatInteger(f.bytes),
        formatInteger(f.errors),
        formatFixed(f.rate / base.rate, 2),
        `${formatFixed(f.healthzP99, 1)} / ${formatFixed(f.healthzMax, 1)}`,
      ]),
    ),
  )
  const ssr = figures.find((f) => f.target.id === 'ssr')!
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED')
  const ratio = ssr.rate / base.rate
  console.log(
    `\n   goal: ssr ≥ ${GOAL_RATIO}× the static file's req/s: ${formatFixed(ratio, 2)}× ${verdict(ratio >= GOAL_RATIO)}`,
  )
  console.log(
    `   goal: ssr p99 < ${GOAL_P99_MS} ms: ${formatFixed(ssr.p99, 1)} ms ${verdict(ssr.p99 < GOAL_P99_MS)}`,
  )
  console.log(
    `   goal: /healthz < ${GOAL_HEALTHZ_MS} ms while ssr runs: max ${formatFixed(ssr.healthzMax, 1)} ms ` +
      `(p99 ${formatFixed(ssr.healthzP99, 1)}) ${verdict(ssr.healthzMax < GOAL_HEALTHZ_MS)}`,
  )
  if (figures.some((f) => f.generator > 0.9))
    console.log('   the load generator went over 90% of a core: req/s may be capped by it')
  console.log(
    `   load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  )
  if (figures.some((f) => f.errors > 0)) console.log('   errors above: the figures mean nothing')
  return true
}
