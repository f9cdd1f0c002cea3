import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Imports between our modules point one way: no module reaches itself again through its imports, type
// imports included (a type-only loop still ties two modules' changes together). Lint checks each import
// alone; this walks the whole graph of src/ and names every loop (a strongly connected group of files).

const SOURCE = /\.(ts|tsx)$/
const TEST = /\.(test|render\.test)\.tsx?$/

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) sources(full, out)
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full)
  }
  return out
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

/** Each module's relative imports, resolved to files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files)
  const resolve = (from: string, spec: string) => {
    if (!spec.startsWith('.')) return null
    const base = path.join(path.dirname(from), spec)
    const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]
    return candidates.find((c) => known.has(c)) ?? null
  }
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    const targets: string[] = []
    for (const match of text.matchAll(IMPORT)) {
      const target = resolve(file, (match[1] ?? match[2])!)
      if (target) targets.push(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** Tarjan's strongly connected components of more than one file (and files importing themselves). */
function importLoops(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const loops: string[][] = []
  let next = 0
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next)
    next++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const group: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      group.push(w)
    } while (w !== v)
    if (group.length > 1 || graph.get(v)?.includes(v)) loops.push(group.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return loops
}

describe('imports between our modules', () => {
  it('finds a loop when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(importLoops(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  it('form no loop anywhere in src/, type imports included', () => {
    const files = sources('src')
    expect(files.length).toBeGreaterThan(500)
    expect(importLoops(importGraph(files))).toEqual([])
  })
})

// Rooms are layered too. The shared rooms (audit, notifications, mail, site) are called by the business
// rooms, never the reverse: a business room hands a shared one what it needs. The web's kit
// (components/) and the shell above the features are held by lint (biome.json, src/boundaries.test.ts).
const SHARED_ROOMS = ['audit', 'notifications', 'mail', 'site']
const BUSINESS_ROOMS = ['accounts', 'admin', 'files', 'inbox', 'operations', 'shop']

function roomOf(file: string): string | null {
  const match = /^src\/server\/features\/([^/]+)\//.exec(file.split(path.sep).join('/'))
  return match ? match[1]! : null
}

function sharedToBusiness(graph: Map<string, string[]>): string[] {
  const edges: string[] = []
  for (const [from, targets] of graph) {
    const fromRoom = roomOf(from)
    if (!fromRoom || !SHARED_ROOMS.includes(fromRoom)) continue
    for (const to of targets) {
      const toRoom = roomOf(to)
      if (toRoom && BUSINESS_ROOMS.includes(toRoom)) edges.push(`${from} -> ${to}`.split(path.sep).join('/'))
    }
  }
  return edges.sort()
}

describe('shared rooms on the server', () => {
  it('finds a shared room importing a business room', () => {
    const graph = new Map([
      ['src/server/features/audit/audit.repository.ts', ['src/server/features/shop/orders/x.ts']],
      ['src/server/features/shop/orders/x.ts', ['src/server/features/audit/audit.service.ts']],
    ])
    expect(sharedToBusiness(graph)).toEqual([
      'src/server/features/audit/audit.repository.ts -> src/server/features/shop/orders/x.ts',
    ])
  })

  it('import no business room', () => {
    expect(sharedToBusiness(importGraph(sources('src/server/features')))).toEqual([])
  })
})
