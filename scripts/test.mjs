// `npm test`: the whole suite in one run. Vitest (unit + HTTP/database suites, on PostgreSQL too when
// TEST_DATABASE_URL is set), then the Playwright browser suite, even if Vitest failed, so one run reports
// everything. Ends with one summary line, `tests: N passed, M failed[, K skipped]`, and a non-zero exit
// if anything failed, a runner crashed, or no test ran at all.
//
//   npm test                      everything
//   npm test -- --unit-only [...] only Vitest; further arguments go to `vitest run`
//   npm test -- --e2e-only [...]  only Playwright; further arguments go to `playwright test`
//
// The browser suite needs Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH): without it this
// fails loudly rather than skipping the browser tests.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const resultsDir = path.join(root, 'test-results')
const vitestReport = path.join(resultsDir, 'vitest.json')
const e2eReport = path.join(resultsDir, 'e2e.json')

const args = process.argv.slice(2)
const unitOnly = args.includes('--unit-only')
const e2eOnly = args.includes('--e2e-only')
const rest = args.filter((a) => a !== '--unit-only' && a !== '--e2e-only')
if (unitOnly && e2eOnly) usage('--unit-only and --e2e-only exclude each other.')
if (rest.length > 0 && !unitOnly && !e2eOnly) {
  usage(`Extra arguments (${rest.join(' ')}) need --unit-only or --e2e-only to say which runner gets them.`)
}
const runUnit = !e2eOnly
const runE2e = !unitOnly

if (runE2e) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!fs.existsSync(chromium)) {
    console.error(
      `Chromium is required for the browser tests: apt-get install -y chromium\n` +
        `(looked for ${chromium}; set CHROMIUM_PATH to use another Chromium, or run \`npm test -- --unit-only\`.)`,
    )
    process.exit(1)
  }
}

fs.mkdirSync(resultsDir, { recursive: true })

// Ctrl-C reaches the running tool directly (same terminal); we then stop instead of starting the next one.
let interrupted = false
let current
process.on('SIGINT', () => {
  interrupted = true
})
process.on('SIGTERM', () => {
  interrupted = true
  current?.kill('SIGTERM')
})
/** @type {{ name: string, passed: number, failed: number, skipped: number, problems: string[], seconds: number }[]} */
const suites = []

if (runUnit) {
  fs.rmSync(vitestReport, { force: true })
  const run = await runTool('vitest', [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${path.relative(root, vitestReport)}`,
    ...(unitOnly ? rest : []),
  ])
  suites.push({ name: 'vitest', seconds: run.seconds, ...readVitest(run.code) })
}

if (runE2e && !interrupted) {
  fs.rmSync(e2eReport, { force: true })
  const run = await runTool('playwright', ['test', ...(e2eOnly ? rest : [])])
  suites.push({ name: 'playwright', seconds: run.seconds, ...readPlaywright(run.code) })
}

let passed = 0
let failed = 0
let skipped = 0
const problems = []
console.log('')
for (const s of suites) {
  passed += s.passed
  failed += s.failed
  skipped += s.skipped
  for (const p of s.problems) problems.push(`${s.name}: ${p}`)
  console.log(
    `${s.name}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped in ${s.seconds.toFixed(1)} s`,
  )
}
if (interrupted) problems.push('interrupted')
if (passed + failed === 0) problems.push('no test ran')
for (const p of problems) console.error(`problem: ${p}`)
console.log(`tests: ${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 || problems.length > 0 ? 1 : 0)

// ---

function usage(message) {
  console.error(`${message}\nUsage: npm test [-- --unit-only|--e2e-only [runner arguments...]]`)
  process.exit(2)
}

/** Runs a tool from node_modules/.bin with the terminal passed through; resolves with its exit code. */
function runTool(name, toolArgs) {
  const bin = path.join(root, 'node_modules', '.bin', name)
  if (!fs.existsSync(bin)) {
    console.error(`${name} is not installed (${bin} is missing): run npm ci`)
    return Promise.resolve({ code: 127, seconds: 0 })
  }
  console.log(`\n> ${name} ${toolArgs.join(' ')}\n`)
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(bin, toolArgs, { cwd: root, stdio: 'inherit' })
    current = child
    child.on('error', (error) => {
      console.error(`${name} could not start: ${error.message}`)
    })
    child.on('close', (code, signal) => {
      current = undefined
      resolve({ code: code ?? (signal ? 128 : 1), signal, seconds: (Date.now() - started) / 1000 })
    })
  })
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Vitest's JSON report (Jest's shape). A file that fails to load counts as one failed test. */
function readVitest(exitCode) {
  const report = readJson(vitestReport)
  const result = { passed: 0, failed: 0, skipped: 0, problems: [] }
  if (!report) {
    result.problems.push(`no report at ${path.relative(root, vitestReport)} (vitest exited with ${exitCode})`)
    return result
  }
  result.passed = report.numPassedTests ?? 0
  result.failed = report.numFailedTests ?? 0
  result.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  for (const file of report.testResults ?? []) {
    const hasFailedTest = (file.assertionResults ?? []).some((t) => t.status === 'failed')
    if (file.status === 'failed' && !hasFailedTest) {
      result.failed += 1
      const firstLine = String(file.message ?? '').split('\n')[0]
      result.problems.push(`${path.relative(root, file.name)} failed outside any test: ${firstLine}`)
    }
  }
  if (exitCode !== 0 && result.failed === 0) result.problems.push(`vitest exited with ${exitCode}`)
  return result
}

/** Playwright's JSON report. Errors outside tests (global setup, teardown) count as failures too. */
function readPlaywright(exitCode) {
  const report = readJson(e2eReport)
  const result = { passed: 0, failed: 0, skipped: 0, problems: [] }
  if (!report) {
    result.problems.push(
      `no report at ${path.relative(root, e2eReport)} (playwright exited with ${exitCode})`,
    )
    return result
  }
  const stats = report.stats ?? {}
  result.passed = (stats.expected ?? 0) + (stats.flaky ?? 0)
  result.failed = stats.unexpected ?? 0
  result.skipped = stats.skipped ?? 0
  if (stats.flaky) result.problems.push(`${stats.flaky} flaky test(s) passed only on retry`)
  for (const error of report.errors ?? []) {
    result.failed += 1
    const firstLine = String(error.message ?? '').split('\n')[0]
    result.problems.push(`error outside the tests: ${firstLine}`)
  }
  if (exitCode !== 0 && result.failed === 0) result.problems.push(`playwright exited with ${exitCode}`)
  return result
}
