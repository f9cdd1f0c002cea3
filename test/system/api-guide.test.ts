import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreatedAccessToken } from '../../src/shared/contract/access-tokens'
import { listen } from '../files-transfer/helpers'
import { signedIn } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { call } from '../support/typed-client'

// docs/api.md's examples are run as written, against the real app on a loopback socket: its curl
// blocks with bash and curl, its TypeScript block with tsx, with DEPOT_URL, DEPOT_TOKEN and FOLDER_ID
// in the environment as the page tells the reader to set them.

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')
const TSX = path.join(ROOT, 'node_modules/.bin/tsx')

let t: TestApp
let server: { url: string; close(): Promise<void> }
let dir: string
let env: NodeJS.ProcessEnv
let email: string
let folderId: string

function codeBlocks(markdown: string, language: string): string[] {
  const fence = new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm')
  return [...markdown.matchAll(fence)].map((m) => m[1]!)
}

beforeAll(async () => {
  t = await createTestApp()
  const person = await signedIn(t, { name: 'Scripter Tester' })
  email = person.email
  const made = await call(person.client, 'POST', '/api/me/access-tokens', {
    name: 'docs examples',
    scope: 'read-write',
    expiresInDays: 7,
  })
  const { token } = made as CreatedAccessToken
  const folder = await call(person.client, 'POST', '/api/folders', { folder_name: 'Quarterly' })
  folderId = (folder as { id: string }).id
  server = await listen(t)
  dir = await mkdtemp(path.join(tmpdir(), 'depot-api-guide-'))
  env = { PATH: process.env.PATH, HOME: dir, DEPOT_URL: server.url, DEPOT_TOKEN: token, FOLDER_ID: folderId }
})
afterAll(async () => {
  await server?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

describe('docs/api.md', async () => {
  const markdown = await readFile(path.join(ROOT, 'docs/api.md'), 'utf8')
  // The first shell block only shows the reader what to export: the test sets those itself.
  const shell = codeBlocks(markdown, 'sh').filter((block) => !block.includes('export DEPOT_TOKEN='))
  const typescript = codeBlocks(markdown, 'ts')

  it('has curl and TypeScript examples that use the token', () => {
    expect(shell.length).toBe(4)
    expect(typescript.length).toBe(1)
    for (const block of [...shell, ...typescript]) expect(block).toMatch(/Bearer \$\{?(DEPOT_TOKEN|token)\}?/)
  })

  it('runs the curl examples as written', async () => {
    const outputs: string[] = []
    for (const block of shell) {
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', block], {
        cwd: dir,
        env,
        timeout: 60_000,
      })
      outputs.push(stdout)
    }
    const [me, folder, upload] = outputs
    expect(JSON.parse(me!).email).toBe(email)
    expect(JSON.parse(folder!).folder_name).toBe('Reports from a script')
    const fileId = /^depot-file-id: (\S+)/im.exec(upload!)?.[1]
    expect(fileId).toBeTruthy()
    const file = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', fileId!)
      .executeTakeFirstOrThrow()
    expect(file).toMatchObject({
      filename: 'report.txt',
      folder_id: folderId,
      size: 'Quarterly figures\n'.length,
    })
    const trashed = await t.database.db
      .selectFrom('folders')
      .select('isTrashed')
      .where('id', '=', folderId)
      .executeTakeFirstOrThrow()
    expect(trashed.isTrashed).toBe(true)
  })

  it('runs the TypeScript example as written, in a fresh folder, the way the page says', async () => {
    // The page names the file and the command: `npx tsx <name>`; tsx is what npx would run.
    const command = /`npx tsx ([\w.-]+)`/.exec(markdown)
    expect(command, 'the page says how to run the example').not.toBeNull()
    const name = command![1]!
    const fresh = await mkdtemp(path.join(dir, 'fresh-'))
    await writeFile(path.join(fresh, name), typescript[0]!)
    const { stdout } = await run(TSX, [name], { cwd: fresh, env, timeout: 120_000 })
    expect(stdout.trim().split('\n')).toEqual([
      `Signed in as ${email}`,
      'Made with fetch holds 0 files',
      'Made with fetch is in the trash',
    ])
    const made = await t.database.db
      .selectFrom('folders')
      .select('isTrashed')
      .where('folder_name', '=', 'Made with fetch')
      .executeTakeFirstOrThrow()
    expect(made.isTrashed).toBe(true)
  })
})
