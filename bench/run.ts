import { catalogue } from './catalogue.bench'
import { coldStart } from './cold-start.bench'
import { csvExport } from './csv-export.bench'
import { dashboard } from './dashboard.bench'
import { fileTransfer } from './file-transfer.bench'
import { folderListing } from './folder-listing.bench'
import { jsonEndpoint } from './json-endpoint.bench'
import { type Benchmark, runBenchmark } from './lib/benchmark'
import { busyMachineWarning, describeMachine, readSettings, type Settings } from './lib/settings'
import { lighthouseBench } from './lighthouse.bench'
import { loadBench } from './load.bench'
import { noFreeze } from './no-freeze.bench'
import { scale } from './scale.bench'
import { search } from './search.bench'
import { smallUploads } from './small-uploads.bench'
import { ssrThroughput } from './ssr-throughput.bench'
import { storageDisk } from './storage-disk.bench'
import { trash } from './trash.bench'
import { webdavPut } from './webdav-put.bench'

// `npm run bench` runs every benchmark below; `npm run bench -- <text>` only those whose name contains it.
// Benchmarks are not tests: they print figures and ratios against a baseline measured in the same run.
const BENCHMARKS: readonly (Benchmark | SelfRunning)[] = [
  jsonEndpoint,
  catalogue,
  csvExport,
  coldStart,
  storageDisk,
  fileTransfer,
  smallUploads,
  folderListing,
  search,
  dashboard,
  trash,
  noFreeze,
  webdavPut,
  ssrThroughput,
  lighthouseBench,
  scale,
  loadBench,
]

/** A benchmark of something other than HTTP requests: it measures and prints its own table. */
interface SelfRunning {
  name: string
  run(settings: Settings): Promise<{ ok: boolean }>
}

async function main(): Promise<void> {
  const settings = readSettings()
  const filters = process.argv.slice(2)
  // A filter that is a benchmark's whole name picks that one alone ("load" is also in "small-uploads").
  const exact = BENCHMARKS.filter((b) => filters.includes(b.name))
  const selected =
    exact.length > 0
      ? exact
      : BENCHMARKS.filter((b) => filters.length === 0 || filters.some((f) => b.name.includes(f)))
  if (selected.length === 0) {
    console.error(
      `No benchmark matches ${filters.join(', ')}. Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    )
    process.exit(2)
  }
  console.log(`Depot benchmarks on ${describeMachine()}, servers on 127.0.0.1`)
  const busy = busyMachineWarning()
  if (busy) console.log(busy)
  let ok = true
  for (const benchmark of selected)
    ok = (await ('run' in benchmark ? benchmark.run(settings) : runBenchmark(benchmark, settings))).ok && ok
  process.exit(ok ? 0 : 1)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
