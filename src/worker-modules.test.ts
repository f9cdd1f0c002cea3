import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// A worker thread's program is a module (`*.worker.ts`) that TypeScript, lint and the other checks see,
// started through lib/threads/start-worker.ts (decision 0119); never code in a string evaluated on a
// thread, which no check reads.

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) sources(full, out)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full)
  }
  return out
}

const files = sources('src').map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }))

describe('worker threads', () => {
  it('are started only by start-worker.ts, never from code in a string', () => {
    const starters = files.filter(({ text }) => /new Worker\(/.test(text)).map(({ file }) => file)
    expect(starters).toEqual(['src/server/lib/threads/start-worker.ts'])
    expect(files.filter(({ text }) => /eval:\s*true/.test(text)).map(({ file }) => file)).toEqual([])
  })

  it('run modules that exist, each named *.worker.ts', () => {
    const started = files.flatMap(({ text }) =>
      [...text.matchAll(/startWorker\('([^']+)'/g)].map((m) => m[1]!),
    )
    expect(started.length).toBeGreaterThanOrEqual(3)
    for (const entry of started) {
      expect(entry).toMatch(/\.worker\.ts$/)
      expect(fs.existsSync(path.join('src/server', entry))).toBe(true)
    }
  })
})
