import os from 'node:os'
import { postgresBenchUrl } from './lib/bench-database'
import { ensureBuilt } from './lib/built-tree'
import { runSetup } from './load/run-setup'
import { nginxBinary } from './load/servers'
import { readLoadSettings } from './load/settings'

// Many users at once against the real built Depot (bench/README.md, "Many users at once"): signed-in
// users working in the file manager with their live notification streams open, anonymous visitors in
// the shop and a staff member exporting CSV, all at the same time for BENCH_LOAD_SECONDS after a
// warm-up. Two setups: (a) one Depot on SQLite with its files on disk; (b) two Depots behind nginx on
// PostgreSQL (BENCH_DATABASE_URL, emptied first) with their files on s3rver. Prints latencies per
// operation, errors, wrong bytes, the servers' memory, open files and CPU over time, the data's checks
// after the run, and the goals.

export const loadBench = {
  name: 'load',
  async run(): Promise<{ ok: boolean }> {
    const settings = readLoadSettings()
    const loadAverage = os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')
    console.log(
      `\n## load: ${settings.users} signed-in users, ${settings.visitors} shop visitors and 1 staff export at once, ` +
        `${settings.seconds} s after a ${settings.warmupSeconds} s warm-up, ${settings.thinkMs} ms to think between two actions`,
    )
    console.log(`   load average before: ${loadAverage}`)
    ensureBuilt()

    // BENCH_LOAD_SETUP=sqlite or postgres runs only that one.
    const only = process.env.BENCH_LOAD_SETUP?.trim()
    console.log('\n### (a) one Depot, SQLite, files on disk')
    if (only === 'postgres') console.log('   skipped: BENCH_LOAD_SETUP=postgres')
    else await runSetup({ kind: 'sqlite' }, settings)

    console.log('\n### (b) two Depots behind nginx, PostgreSQL, files on s3rver')
    const url = postgresBenchUrl()
    if (only === 'sqlite') console.log('   skipped: BENCH_LOAD_SETUP=sqlite')
    else if (!url)
      console.log(
        '   skipped: BENCH_DATABASE_URL is not set (a scratch PostgreSQL database: it is emptied first)',
      )
    else if (!nginxBinary()) console.log('   skipped: nginx is not installed (apt-get install nginx-light)')
    else await runSetup({ kind: 'postgres', url }, settings)
    return { ok: true }
  },
}
