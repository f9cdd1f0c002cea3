import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// sharp (libvips), the AWS SDK and pg are loaded on first use, so a cold start imports none of them
// when they are not configured: none may be reachable from the server's entry through static imports.
// `import type` is erased; `import()` and `createRequire(...)('x')` run only when called.
const OPTIONAL = ['sharp', 'pg', '@aws-sdk/']
const ENTRY = 'src/server/main.ts'

/** Modules a file imports statically at run time (not `import type`). */
function staticImports(source: string): string[] {
  const found: string[] = []
  for (const m of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'([^']+)'/gms)) {
    found.push(m[1]!)
  }
  for (const m of source.matchAll(/^\s*import\s+'([^']+)'/gm)) found.push(m[1]!)
  return found
}

function resolveLocal(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/** Every package the entry reaches through static imports, with one chain that reaches it. */
function reachablePackages(entry: string): Map<string, string[]> {
  const packages = new Map<string, string[]>()
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    const here = [...chain, path.relative(process.cwd(), file)]
    for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const local = resolveLocal(file, specifier)
        if (local) walk(local, here)
      } else if (!packages.has(specifier)) packages.set(specifier, here)
    }
  }
  walk(path.resolve(entry), [])
  return packages
}

const isOptional = (specifier: string) =>
  OPTIONAL.some((name) =>
    name.endsWith('/') ? specifier.startsWith(name) : specifier === name || specifier.startsWith(`${name}/`),
  )

describe('optional modules load on first use', () => {
  it('walks the static imports (the scan itself works)', () => {
    expect(
      staticImports("import sharp from 'sharp'\nimport type { X } from 'pg'\nconst p = import('pg')"),
    ).toEqual(['sharp'])
    const reached = reachablePackages(ENTRY)
    expect(reached.has('hono')).toBe(true)
    expect(reached.has('kysely')).toBe(true)
  })

  it(`reaches neither ${OPTIONAL.join(', ')} from ${ENTRY} without a dynamic import`, () => {
    const offending = [...reachablePackages(ENTRY)]
      .filter(([specifier]) => isOptional(specifier))
      .map(([specifier, chain]) => `${specifier} via ${chain.join(' → ')}`)
    expect(offending).toEqual([])
  })
})
