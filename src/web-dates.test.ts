import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Every date shown to people goes through src/web/lib/format.ts (formatDate, formatDateTime,
// formatTimestamp), so the whole web writes dates one way. This scan fails when a web file formats a
// date by itself instead.

const WEB = path.resolve('src/web')
const FORBIDDEN = [
  /\.toLocaleString\(/,
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /new Intl\.DateTimeFormat\(/,
]
/** The helpers themselves (they build their formatters through src/shared/intl-formats.ts). */
const ALLOWED = new Set(['lib/format.ts'])

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

describe('dates on the web', () => {
  it('are formatted only through lib/format.ts', () => {
    const offenders: string[] = []
    for (const file of sourceFiles(WEB)) {
      const relative = path.relative(WEB, file).split(path.sep).join('/')
      if (ALLOWED.has(relative)) continue
      const lines = fs.readFileSync(file, 'utf8').split('\n')
      lines.forEach((line, index) => {
        if (line.trim().startsWith('//')) return
        if (FORBIDDEN.some((pattern) => pattern.test(line)))
          offenders.push(`src/web/${relative}:${index + 1}: ${line.trim()}`)
      })
    }
    expect(offenders, 'use formatDate, formatDateTime or formatTimestamp from src/web/lib/format.ts').toEqual(
      [],
    )
  })
})
