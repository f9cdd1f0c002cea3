import { type ChildProcess, fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { Upload } from 'tus-js-client'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium'
import { tusUploadOptions } from '../src/web/features/files/upload/tus-upload'
import { PARALLEL_UPLOADS } from '../src/web/features/files/upload/use-upload-queue'
import { ensureBuilt } from './lib/built-tree'
import { freePort } from './lib/free-port'
import type { Settings } from './lib/settings'
import { formatFixed, formatTable } from './lib/table'
import { startNodeUpload } from './lib/transfer-targets'

/**
 * Many small files (BENCH_SMALL_FILES, default 500 one-line files) into one folder. First the whole web
 * app: Chromium picks the files on the folder page and the clock stops when the upload panel says they
 * are all in; the goal is at least 20 files a second on loopback. Then the protocol alone from Node, the
 * way the web app sends (its own tus options: one request a file below ONE_REQUEST_BYTES; its own
 * number of uploads at a time), the older way (creation, then a PATCH, three at a time), and the floor:
 * node:http writing each body to disk, one POST a file. Prints files per second and the ratio to the floor.
 */

const GOAL_FILES_PER_SECOND = 20

interface Ready {
  port: number
  cookie: string
  folderId: string
}

export const smallUploads = {
  name: 'small-uploads',
  description: 'many one-line files upload at ≥ 20 a second, as the web app sends them',
  async run(settings: Settings): Promise<{ ok: boolean }> {
    const count = Math.round(Number(process.env.BENCH_SMALL_FILES?.trim() || 500))
    console.log(`\n## ${this.name}: ${this.description}`)
    console.log(`   ${count} files of one line each, ${settings.rounds} round(s), load ${loadNow()}\n`)
    ensureBuilt()
    const depot = await startDepot()
    const floor = await startNodeUpload()
    try {
      const rows: { label: string; rates: number[] }[] = [
        { label: 'the web app in Chromium: pick the files, wait for the panel', rates: [] },
        { label: `Depot from Node, as the web app sends (${PARALLEL_UPLOADS} at a time)`, rates: [] },
        { label: 'Depot, creation then PATCH, 3 at a time', rates: [] },
        { label: `node:http req.pipe to disk, ${PARALLEL_UPLOADS} at a time (floor)`, rates: [] },
      ]
      for (let round = 0; round < settings.rounds; round++) {
        const files = Array.from({ length: count }, (_, i) => ({
          name: `r${round}-line-${i}.txt`,
          body: Buffer.from(`line ${i} of round ${round}\n`),
        }))
        rows[0]!.rates.push(await inBrowser(depot.ready, files))
        const node = files.map((f) => ({ ...f, name: `node-${f.name}` }))
        rows[1]!.rates.push(await timed(node, PARALLEL_UPLOADS, (f) => viaTus(depot.ready, f, true)))
        const again = files.map((f) => ({ ...f, name: `again-${f.name}` }))
        rows[2]!.rates.push(await timed(again, 3, (f) => viaTus(depot.ready, f, false)))
        rows[3]!.rates.push(await timed(files, PARALLEL_UPLOADS, (f) => post(floor.port, f.body)))
      }
      const best = rows.map((r) => Math.max(...r.rates))
      const floorRate = best[3]!
      console.log(
        formatTable(
          ['', 'files/s (best)', 'rounds', '× floor', `goal ≥ ${GOAL_FILES_PER_SECOND}/s`],
          rows.map((r, i) => [
            r.label,
            formatFixed(best[i]!, 1),
            r.rates.map((x) => formatFixed(x, 1)).join(', '),
            formatFixed(best[i]! / floorRate, 2),
            i === 0 ? (best[0]! >= GOAL_FILES_PER_SECOND ? 'met' : 'MISSED') : '',
          ]),
        ),
      )
      return { ok: best[0]! >= GOAL_FILES_PER_SECOND }
    } finally {
      depot.child.kill()
      await floor.stop()
    }
  },
}

const loadNow = () => `${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`

async function startDepot(): Promise<{ child: ChildProcess; ready: Ready }> {
  const port = await freePort()
  const child = fork(path.resolve(import.meta.dirname, 'targets/depot-files.ts'), ['web', String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Depot target exited (${code})`)))
    child.on('message', (m: Ready & { type: string }) => {
      if (m.type === 'ready') resolve(m)
    })
  })
  return { child, ready }
}

/** The folder page in Chromium: the files picked at once; files per second until the panel says all are in. */
async function inBrowser(depot: Ready, files: { name: string; body: Buffer }[]): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-small-'))
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const paths = files.map((f) => {
      const file = path.join(dir, f.name)
      fs.writeFileSync(file, f.body)
      return file
    })
    const origin = `http://127.0.0.1:${depot.port}`
    const context = await browser.newContext({ baseURL: origin })
    const [name, value] = depot.cookie.split('=') as [string, string]
    await context.addCookies([{ name, value, url: origin }])
    const page = await context.newPage()
    await page.goto(`/files/${depot.folderId}`)
    const picker = page.getByLabel('Files to upload')
    await picker.waitFor({ state: 'attached' })
    const started = performance.now()
    await picker.setInputFiles(paths)
    await page
      .getByText(`${files.length} files uploaded`, { exact: true })
      .waitFor({ timeout: files.length * 1000 })
    return files.length / ((performance.now() - started) / 1000)
  } finally {
    await browser.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Runs `send` over `files`, `parallel` at a time; files per second over the whole batch. */
async function timed<F>(files: F[], parallel: number, send: (f: F) => Promise<void>): Promise<number> {
  const queue = [...files]
  const started = performance.now()
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await send(f)
    }),
  )
  return files.length / ((performance.now() - started) / 1000)
}

function viaTus(depot: Ready, file: { name: string; body: Buffer }, asTheWebApp: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const options = tusUploadOptions(
      { size: file.body.length, type: 'text/plain' },
      { folderId: depot.folderId, name: file.name },
      {
        onProgress: () => {},
        onRetry: () => {},
        onSuccess: (id) => (id ? resolve() : reject(new Error(`${file.name}: no file id`))),
        onError: (message) => reject(new Error(`${file.name}: ${message}`)),
      },
    )
    const upload = new Upload(file.body, {
      ...options,
      endpoint: `http://127.0.0.1:${depot.port}${options.endpoint}`,
      headers: { Cookie: depot.cookie, Origin: `http://127.0.0.1:${depot.port}` },
      uploadDataDuringCreation: asTheWebApp ? options.uploadDataDuringCreation : false,
      retryDelays: [],
    })
    upload.start()
  })
}

const agent = new http.Agent({ keepAlive: true })

function post(port: number, body: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/upload',
        agent,
        headers: { 'Content-Length': body.length },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === 204 ? resolve() : reject(new Error(`POST → ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}
