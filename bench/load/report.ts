import os from 'node:os'
import { percentile, sortNumbers } from '../lib/stats'
import { formatFixed, formatInteger, formatTable } from '../lib/table'
import type { Check } from './checks'
import type { Sample, Watched } from './proc-sampler'
import type { Recorder } from './recorder'
import type { ServerErrors } from './servers'

// The load's figures and its goals, each with "met" or "MISSED" (bench/README.md, "Many users at once").

export const GOAL_P99_MS = 100
export const GOAL_RSS_GROWTH = 0.1
export const GOAL_RSS_MB = 400

/** Operations a person waits on; the staff export streams for longer by nature and has no p99 goal. */
const NOT_INTERACTIVE = new Set(['orders CSV export (staff)', 'notification stream'])

export interface RunFigures {
  label: string
  seconds: number
  requests: number
  recorder: Recorder
  watched: Watched[]
  samples: Sample[]
  notifications: number
  streamsOpened: number
  streams: number
  exports: { exports: number; rows: number }
  integrity: Check | undefined
  fsck: Check
  /** Lines the Depots logged at level error or worse. */
  serverErrors: ServerErrors
}

const verdict = (met: boolean) => (met ? 'met' : 'MISSED')
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')

export function report(f: RunFigures): void {
  const operations = f.recorder.operations().sort((a, b) => a[0].localeCompare(b[0]))
  const rows = operations.map(([name, times]) => {
    const sorted = sortNumbers([...times])
    const p99 = percentile(sorted, 99)
    const interactive = !NOT_INTERACTIVE.has(name)
    return {
      name,
      interactive,
      p99,
      cells: [
        name,
        formatInteger(sorted.length),
        formatFixed(sorted.length / f.seconds, 1),
        formatFixed(percentile(sorted, 50), 1),
        formatFixed(p99, 1),
        formatFixed(sorted.at(-1) ?? Number.NaN, 1),
        formatInteger(f.recorder.errorsByOperation.get(name) ?? 0),
        interactive ? verdict(p99 < GOAL_P99_MS) : '(not interactive)',
      ],
    }
  })
  console.log(
    formatTable(
      ['operation', 'count', 'per s', 'p50 ms', 'p99 ms', 'max ms', 'errors', `p99 < ${GOAL_P99_MS} ms`],
      rows.map((r) => r.cells),
    ),
  )
  console.log(
    `\n   ${formatInteger(f.requests)} HTTP requests in ${f.seconds} s measured: ${formatFixed(f.requests / f.seconds, 1)} requests/s` +
      ` (each operation above is one or two requests)`,
  )
  console.log(
    `   downloads whose SHA-256 matched the upload: ${formatInteger(f.recorder.verifiedDownloads)}; wrong bytes: ${f.recorder.wrongBytes}`,
  )
  console.log(
    `   live notification streams: ${f.streams} held open, ${f.streamsOpened - f.streams} reopened; ` +
      `${formatInteger(f.notifications)} notifications pushed on them`,
  )
  console.log(
    `   staff exports: ${formatInteger(f.exports.exports)} (${formatInteger(f.exports.rows)} rows in all)`,
  )
  const errorsByOperation = [...f.recorder.errorsByOperation].map(([op, n]) => `${op} ${n}`).join(', ')
  console.log(
    `   errors (warm-up included): ${f.recorder.errors}${errorsByOperation ? ` (${errorsByOperation})` : ''}`,
  )
  for (const line of f.recorder.firstErrors) console.log(`     ${line}`)
  console.log(`   error lines in the servers' logs: ${f.serverErrors.count}`)
  for (const line of f.serverErrors.first) console.log(`     ${line}`)

  console.log(
    `\n   The server processes every ${f.samples.length > 1 ? f.samples[1]!.at - f.samples[0]!.at : '-'} s ` +
      "(CPU as a share of one core since the sample before; t = 0 is the end of the warm-up, its CPU the warm-up's):",
  )
  const postgres = f.samples.some((s) => !Number.isNaN(s.postgres))
  const header = [
    't s',
    ...f.watched.flatMap((w) =>
      w.isDepot
        ? [`${w.label} RSS MB`, 'anon / file', `${w.label} fds`, `${w.label} CPU`]
        : [`${w.label} CPU`],
    ),
    ...(postgres ? ['PostgreSQL CPU'] : []),
    'machine busy',
    'iowait',
    'steal',
    'generator CPU',
    'generator delay p99 / max ms',
    'load 1 min',
  ]
  console.log(
    formatTable(
      header,
      f.samples.map((s) => [
        String(s.at),
        ...s.processes.flatMap((p, i) =>
          f.watched[i]!.isDepot
            ? [
                formatFixed(p.rssMB, 1),
                `${formatFixed(p.anonMB, 0)} / ${formatFixed(p.fileMB, 0)}`,
                formatInteger(p.fds),
                `${Math.round(p.cpu * 100)}%`,
              ]
            : [`${Math.round(p.cpu * 100)}%`],
        ),
        ...(postgres ? [`${Math.round(s.postgres * 100)}%`] : []),
        `${Math.round(s.machine * 100)}%`,
        `${Math.round(s.iowait * 100)}%`,
        `${Math.round(s.steal * 100)}%`,
        `${Math.round(s.generator * 100)}%`,
        `${formatFixed(s.generatorDelayP99, 0)} / ${formatFixed(s.generatorDelayMax, 0)}`,
        formatFixed(s.load1, 2),
      ]),
    ),
  )
  const measured = f.samples.slice(1)
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
  const depots = f.watched.map((w, i) => ({ w, i })).filter((d) => d.w.isDepot)
  const serverCpu = mean(measured.map((s) => depots.reduce((sum, d) => sum + s.processes[d.i]!.cpu, 0)))
  const allServersCpu = mean(measured.map((s) => s.processes.reduce((sum, p) => sum + p.cpu, 0)))
  const cores = os.cpus().length
  console.log(
    `\n   CPU over the measured run: Depot ${Math.round(serverCpu * 100)}% of one core` +
      ` (${Math.round((serverCpu / cores) * 100)}% of the ${cores} cores)` +
      (allServersCpu > serverCpu ? `, with nginx and s3rver ${Math.round(allServersCpu * 100)}%` : '') +
      (postgres ? `; PostgreSQL ${Math.round(mean(measured.map((s) => s.postgres)) * 100)}%` : '') +
      `; the machine ${Math.round(mean(measured.map((s) => s.machine)) * 100)}% busy in all (other work included;` +
      ` ${Math.round(mean(measured.map((s) => s.steal)) * 100)}% stolen by the host)` +
      `; the generator ${Math.round(mean(measured.map((s) => s.generator)) * 100)}% of one core`,
  )
  // Every operation's time is taken on the generator's event loop: its delay is in each figure.
  console.log(
    `   the generator's event loop (every operation is timed on it): delay p99 ${formatFixed(
      mean(measured.map((s) => s.generatorDelayP99)),
      1,
    )} ms on average over the samples, longest ${formatFixed(Math.max(0, ...measured.map((s) => s.generatorDelayMax)), 1)} ms`,
  )

  // ---- Goals
  const interactive = rows.filter((r) => r.interactive)
  const slow = interactive.filter((r) => !(r.p99 < GOAL_P99_MS))
  console.log()
  const clean = f.recorder.errors === 0 && f.recorder.wrongBytes === 0 && f.serverErrors.count === 0
  console.log(
    `   goal: 0 errors and 0 wrong bytes: ${f.recorder.errors} errors, ${f.recorder.wrongBytes} wrong bytes, ` +
      `${f.serverErrors.count} error lines logged by the servers ${verdict(clean)}`,
  )
  console.log(
    `   goal: p99 < ${GOAL_P99_MS} ms for every interactive operation: ` +
      (slow.length === 0
        ? `worst ${formatFixed(Math.max(...interactive.map((r) => r.p99)), 1)} ms met`
        : `${slow.map((r) => `${r.name} ${formatFixed(r.p99, 1)} ms`).join(', ')} MISSED`),
  )
  for (const { w, i } of depots) {
    const rss = f.samples.map((s) => s.processes[i]!.rssMB)
    const first = rss[0] ?? Number.NaN
    const last = rss.at(-1) ?? Number.NaN
    const peak = Math.max(...rss)
    // The RSS of a collected heap swings by several percent from one sample to the next, so growth is
    // the median of the first minute's samples against the last minute's, not two samples' GC phases.
    const perMinute = f.samples.filter((s) => s.at - (f.samples[0]?.at ?? 0) <= 60).length
    const window = Math.max(1, Math.min(Math.floor(rss.length / 3), perMinute))
    const start = percentile(sortNumbers(rss.slice(0, window)), 50)
    const end = percentile(sortNumbers(rss.slice(-window)), 50)
    const growth = end / start - 1
    console.log(
      `   goal: ${w.label} RSS grows < ${GOAL_RSS_GROWTH * 100}% after the warm-up (median of the first and the last ` +
        `${window} samples): ${formatFixed(start, 1)} → ${formatFixed(end, 1)} MB ` +
        `(${growth >= 0 ? '+' : ''}${formatFixed(growth * 100, 1)}%; first and last sample ${formatFixed(first, 1)} → ` +
        `${formatFixed(last, 1)} MB) ${verdict(growth < GOAL_RSS_GROWTH)}`,
    )
    console.log(
      `   goal: ${w.label} RSS < ${GOAL_RSS_MB} MB: peak ${formatFixed(peak, 1)} MB ${verdict(peak < GOAL_RSS_MB)}`,
    )
  }
  if (f.integrity)
    console.log(
      `   goal: SQLite PRAGMA integrity_check clean: ${f.integrity.summary} ${verdict(f.integrity.clean)}`,
    )
  console.log(`   goal: npm run admin -- fsck clean: ${f.fsck.summary} ${verdict(f.fsck.clean)}`)
  console.log(`   load average after: ${loadAverage()}`)
}
