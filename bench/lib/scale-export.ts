import { countLineFeeds } from './app-fixture'
import { pidListeningOn, residentParts } from './process-memory'
import type { LargeSeed } from './seed-large'
import { formatFixed, formatInteger } from './table'

// The scale benchmark's CSV export row (scale.bench.ts): every quote request exported through the
// app, its rate, and the server's memory sampled with the rows arrived so far.

/** Records one row of figures: what was measured, the figure, the goal, and whether it was met. */
export type Add = (row: string, figure: string, goal: string, met: boolean | undefined) => void

export async function measureExport(
  base: string,
  port: number,
  seed: LargeSeed,
  admin: Record<string, string>,
  add: Add,
  rowsPerSecondGoal: number,
) {
  const pid = pidListeningOn(port)
  // Each memory sample notes how many rows had arrived, to tell memory that fills once (caches, the
  // heap's headroom) from memory that grows with the rows.
  let arrived = 0
  const samples: (ReturnType<typeof residentParts> & { rows: number })[] = []
  const start = pid ? residentParts(pid) : { rss: Number.NaN, anon: Number.NaN, file: Number.NaN }
  const timer = pid
    ? setInterval(() => samples.push({ ...residentParts(pid), rows: arrived }), 50)
    : undefined
  const started = performance.now()
  const res = await fetch(`${base}/api/inbox/quotes/export.csv`, { headers: admin })
  if (res.status !== 200) throw new Error(`export answered ${res.status}: ${await res.text()}`)
  const lines = await countLineFeeds(res, (n) => {
    arrived = n
  })
  const seconds = (performance.now() - started) / 1000
  if (timer) clearInterval(timer)
  const rows = lines - 1
  const rate = rows / seconds
  const peakOf = (part: 'rss' | 'anon' | 'file') =>
    Math.max(start[part], ...samples.map((s) => s[part]).filter(Number.isFinite))
  const growth = (part: 'rss' | 'anon' | 'file') =>
    `${formatFixed(start[part], 0)} → ${formatFixed(peakOf(part), 0)} MiB (+${formatFixed(peakOf(part) - start[part], 0)})`
  // From the sample when a quarter of the rows had arrived to the highest after it.
  const quarter = samples.findIndex((s) => s.rows >= rows / 4)
  const later =
    quarter < 0
      ? []
      : samples
          .slice(quarter)
          .map((s) => s.anon)
          .filter(Number.isFinite)
  const lateGrowth = later.length > 0 ? Math.max(...later) - later[0]! : Number.NaN
  add(
    `CSV export of quote requests (${formatInteger(seed.sizes.quotes)})`,
    `${formatInteger(rate)} rows/s (${formatInteger(rows)} rows in ${formatFixed(seconds, 1)} s)`,
    `≥ ${formatInteger(rowsPerSecondGoal)} rows/s`,
    rate >= rowsPerSecondGoal && rows === seed.sizes.quotes,
  )
  // Flat means the server's memory does not grow with the rows. What fills once (SQLite's page cache,
  // up to its cache_size of 64 MiB; V8's headroom between collections) shows in the first rows; what
  // grows with the export keeps growing after them. VmRSS's mapped files (a SQLite database read
  // through its memory map) are the kernel's page cache, printed apart.
  add(
    'server memory during the export: its own (RssAnon) from a quarter of the rows to the end',
    `+${formatFixed(lateGrowth, 0)} MiB (start → peak: ${growth('anon')}; VmRSS ${growth('rss')}, of which mapped files ${growth('file')})`,
    'flat (< +16 MiB after the first quarter; < +128 MiB in all)',
    lateGrowth < 16 && peakOf('anon') - start.anon < 128,
  )
}
