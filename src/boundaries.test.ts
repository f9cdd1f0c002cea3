import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The folder boundaries of docs/decisions/0001 are enforced by lint. Each case writes a would-be file
// at the path it would have, in a scratch tree that carries the project's real biome.json, and lints it
// there (the working tree is never touched).
const biome = path.resolve('node_modules/.bin/biome')
const config = JSON.parse(fs.readFileSync('biome.json', 'utf8'))
delete config.$schema
config.vcs = { enabled: false }

function lint(filePath: string, source: string): { ok: boolean; output: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-lint-'))
  try {
    fs.writeFileSync(path.join(root, 'biome.json'), JSON.stringify(config))
    fs.mkdirSync(path.dirname(path.join(root, filePath)), { recursive: true })
    fs.writeFileSync(path.join(root, filePath), source)
    const result = spawnSync(biome, ['lint', filePath], { cwd: root, encoding: 'utf8' })
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` }
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

describe('import boundaries', () => {
  it.each([
    [
      'src/web/features/files/bad.ts',
      "import { createApp } from '../../../server/app'\nexport const x = createApp\n",
    ],
    [
      'src/web/features/files/bad.ts',
      "import type { AppDeps } from '../../../server/deps'\nexport type X = AppDeps\n",
    ],
    ['src/web/lib/bad.ts', "import Database from 'better-sqlite3'\nexport const x = Database\n"],
    ['src/web/lib/bad.ts', "import { Kysely } from 'kysely'\nexport const x = Kysely\n"],
    ['src/web/lib/bad.ts', "import fs from 'node:fs'\nexport const x = fs\n"],
    [
      'src/web/components/layout/bad.ts',
      "import { useSiteName } from '../../features/site/site-api'\nexport const x = useSiteName\n",
    ],
    [
      'src/web/components/ui/bad.ts',
      "import { AppLayout } from '../../shell/app-layout'\nexport const x = AppLayout\n",
    ],
    ['src/web/components/ui/bad.ts', "import fs from 'node:fs'\nexport const x = fs\n"],
    [
      'src/web/features/files/bad.ts',
      "import { SignedInOnly } from '../../shell/signed-in-only'\nexport const x = SignedInOnly\n",
    ],
    ['src/web/features/files/bad.ts', "import fs from 'node:fs'\nexport const x = fs\n"],
    ['src/shared/contract/bad.ts', "import { loadEnv } from '../../server/env'\nexport const x = loadEnv\n"],
    ['src/shared/contract/bad.ts', "import { cn } from '../../web/lib/cn'\nexport const x = cn\n"],
    [
      'src/server/policies/bad.ts',
      "import { openDatabase } from '../db/connection'\nexport const x = openDatabase\n",
    ],
    [
      'src/server/features/things/things.routes.ts',
      "import { findThing } from './things.repository'\nexport const x = findThing\n",
    ],
    ['src/server/features/things/things.routes.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    [
      'src/server/features/things/things.routes.ts',
      "import { otherRoutes } from '../other/other.routes'\nexport const x = otherRoutes\n",
    ],
    [
      'src/server/features/things/things.service.ts',
      "import { otherRoutes } from '../other/other.routes'\nexport const x = otherRoutes\n",
    ],
    [
      'src/server/lib/http/bad.ts',
      "import { notify } from '../../features/notifications/notify'\nexport const x = notify\n",
    ],
    ['src/server/features/things/things.service.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    [
      'src/server/features/things/helpers.ts',
      "import { expressionBuilder } from 'kysely'\nexport const x = expressionBuilder\n",
    ],
    ['src/server/lib/things/things.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    ['src/server/jobs.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    [
      'src/server/features/things/things.repository.ts',
      "import { otherRoutes } from '../other/other.routes'\nexport const x = otherRoutes\n",
    ],
  ])('refuses %s importing across a boundary (#%#)', (file, source) => {
    const { ok, output } = lint(file, source)
    expect(ok).toBe(false)
    expect(output).toContain('noRestrictedImports')
  })

  it.each([
    [
      'src/web/lib/fine.ts',
      "import { problemSchema } from '../../shared/contract/problem'\nexport const x = problemSchema\n",
    ],
    [
      'src/server/features/x/fine.ts',
      "import { problemSchema } from '../../../shared/contract/problem'\nexport const x = problemSchema\n",
    ],
    [
      'src/server/features/things/things.routes.ts',
      "import { listThings } from './things.service'\nexport const x = listThings\n",
    ],
    [
      'src/server/features/things/things.service.ts',
      "import { findThing } from './things.repository'\nexport const x = findThing\n",
    ],
    [
      'src/server/routes.ts',
      "import { thingsRoutes } from './features/things/things.routes'\nexport const x = thingsRoutes\n",
    ],
    ['src/server/lib/http/fine.ts', "import type { DB } from '../../db/schema'\nexport type X = DB\n"],
    [
      'src/server/features/things/things.repository.ts',
      "import { sql } from 'kysely'\nexport const x = sql\n",
    ],
    ['src/server/lib/things/things.repository.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    ['src/server/lib/list-query/fine.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    ['src/server/db/fine.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    ['src/server/db/migrations/0999-fine.ts', "import { sql } from 'kysely'\nexport const x = sql\n"],
    [
      'src/server/features/things/things.service.ts',
      "import type { Kysely } from 'kysely'\nimport type { DB } from '../../db/schema'\nexport type X = Kysely<DB>\n",
    ],
    [
      'src/web/shell/fine.ts',
      "import { useSiteName } from '../features/site/site-api'\nexport const x = useSiteName\n",
    ],
    [
      'src/web/features/site/fine.ts',
      "import { Button } from '../../components/ui/button'\nexport const x = Button\n",
    ],
    [
      'src/web/features/shop/fine.ts',
      "import { useSession } from '../accounts/session'\nexport const x = useSession\n",
    ],
  ])('allows %s to use shared code', (file, source) => {
    const { ok, output } = lint(file, source)
    expect(output).not.toContain('noRestrictedImports')
    expect(ok).toBe(true)
  })
})

// Lint sees imports, not calls: a service handed a `Db` could still build a query on it. Every query
// starts with one of these calls, so none may appear outside a repository and the database folder.
describe('SQL lives in repositories', () => {
  const QUERY_START = /\.(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(/

  function serverSources(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return serverSources(full)
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
    })
  }

  it('starts no query outside *.repository.ts and src/server/db', () => {
    const sources = serverSources('src/server')
    expect(sources.length).toBeGreaterThan(100)
    const offenders = sources.filter(
      (file) =>
        !file.endsWith('.repository.ts') &&
        !file.startsWith(path.join('src', 'server', 'db') + path.sep) &&
        QUERY_START.test(fs.readFileSync(file, 'utf8')),
    )
    expect(offenders).toEqual([])
  })
})
