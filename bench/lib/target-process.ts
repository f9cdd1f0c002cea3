import { type ChildProcess, fork } from 'node:child_process'
import path from 'node:path'
import type { FromTarget, ToTarget } from './target-server'

/** A server under test, declared by a benchmark. */
export interface TargetDef {
  /** Short stable id, used for ordering and for the baseline reference. */
  id: string
  /** What the reader sees in the table. */
  label: string
  /** The target module (bench/targets/*.ts), relative to bench/ (or absolute). */
  module: string
  /** Arguments passed to the target module (process.argv.slice(2) there). */
  args?: string[]
  /** The request path the load generator sends GET requests to. */
  path: string
  /** Further environment variables for the target's process (its database, for one). */
  env?: Record<string, string>
  /** Further arguments for the target's node (npm start's, for the whole Depot app). */
  nodeArgs?: readonly string[]
  /** How long it may take to listen, seeding included (default 30 s). */
  startTimeoutMs?: number
}

export interface TargetProcess {
  def: TargetDef
  port: number
  /** Headers the target asked every request to carry. */
  headers: Record<string, string>
  /** CPU time the target process has used so far, in microseconds (user + system). */
  cpuMicros(): Promise<number>
  stop(): Promise<void>
}

const BENCH_DIR = path.resolve(import.meta.dirname, '..')
const REPO_ROOT = path.resolve(BENCH_DIR, '..')
const START_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 5_000

const live = new Set<ChildProcess>()
// Whatever happens to the runner, its servers do not outlive it.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL')
})

/** Starts a target in its own process (its own event loop and CPU) and waits until it listens. */
export async function startTarget(
  def: TargetDef,
  options: { cpuProfileDir?: string },
): Promise<TargetProcess> {
  const execArgv = [...(def.nodeArgs ?? []), '--import', 'tsx']
  // One folder per target: its main thread and tsx's loader thread each write a profile there.
  if (options.cpuProfileDir)
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfileDir, def.id)}`)
  const child = fork(path.resolve(BENCH_DIR, def.module), def.args ?? [], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...def.env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  live.add(child)
  child.on('exit', () => live.delete(child))

  const { port, headers } = await new Promise<{ port: number; headers: Record<string, string> }>(
    (resolve, reject) => {
      const timeout = def.startTimeoutMs ?? START_TIMEOUT_MS
      const timer = setTimeout(
        () => reject(new Error(`${def.label} did not start within ${timeout} ms`)),
        timeout,
      )
      const onMessage = (message: FromTarget) => {
        if (message.type === 'ready') {
          clearTimeout(timer)
          child.off('message', onMessage)
          resolve({ port: message.port, headers: message.headers ?? {} })
        } else if (message.type === 'failed') {
          clearTimeout(timer)
          reject(new Error(`${def.label} failed to start:\n${message.message}`))
        }
      }
      child.on('message', onMessage)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`${def.label} exited (code ${code}) before listening`))
      })
    },
  )

  const ask = (message: ToTarget) => child.send(message)
  return {
    def,
    port,
    headers,
    cpuMicros: () =>
      new Promise((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null)
          return reject(new Error(`${def.label} has exited`))
        const onExit = () => reject(new Error(`${def.label} exited while being measured`))
        const onMessage = (message: FromTarget) => {
          if (message.type !== 'cpu') return
          child.off('message', onMessage)
          child.off('exit', onExit)
          resolve(message.user + message.system)
        }
        child.on('message', onMessage)
        child.once('exit', onExit)
        ask({ type: 'cpu' })
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        ask({ type: 'stop' })
      }),
  }
}
