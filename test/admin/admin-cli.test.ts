import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../src/server/features/admin/admin-cli'
import { CookieClient } from '../support/http-client'
import { insertUserWithPassword } from '../support/people'
import { createTestApp, type TestApp } from '../support/test-app'
import { testDialect } from '../support/test-database'
import { call } from '../support/typed-client'

async function admin(t: TestApp, ...argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runAdminCommand(t.deps, argv, { out: (l) => out.push(l), err: (l) => err.push(l) })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run admin', () => {
  it('create-user --verified makes a user who can sign in at once', async () => {
    const t = await createTestApp()
    const r = await admin(
      t,
      'create-user',
      '--email',
      'Grace@Example.com',
      '--password',
      'a long enough passphrase',
      '--verified',
      '--first-name',
      'Grace',
      '--last-name',
      'Hopper',
    )
    expect(r).toMatchObject({ code: 0, err: '' })
    expect(r.out).toMatch(
      /^Created user grace@example\.com \(id [0-9a-f-]{36}\); e-mail verified: can sign in now\.$/,
    )
    const client = new CookieClient(t.app)
    const res = await client.signIn('grace@example.com', 'a long enough passphrase')
    expect(res.headers.get('location')).toBe('http://localhost:3000/')
    expect(await call(client, 'GET', '/api/me')).toMatchObject({ name: 'Grace Hopper', role: 'user' })
  })

  it('creates staff with functions and admins; set-role changes them and is audited and notified', async () => {
    const t = await createTestApp()
    expect(
      (
        await admin(
          t,
          'create-user',
          '--email',
          'boss@example.com',
          '--password',
          'boss passphrase 1',
          '--role',
          'admin',
          '--verified',
        )
      ).code,
    ).toBe(0)
    const r = await admin(
      t,
      'create-user',
      '--email',
      'staff@example.com',
      '--password',
      'staff passphrase 1',
      '--role',
      'staff',
      '--functions',
      'AccessShop,ManageFeedback',
      '--verified',
    )
    expect(r.out).toContain('with AccessShop, ManageFeedback')

    const set = await admin(
      t,
      'set-role',
      '--email',
      'staff@example.com',
      '--role',
      'staff',
      '--functions',
      'UploadProducts',
    )
    expect(set).toMatchObject({ code: 0, out: 'staff@example.com is now staff with UploadProducts.' })
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'functions.changed')
      .execute()
    expect(JSON.parse(audit[0]!.details)).toEqual({
      from: ['AccessShop', 'ManageFeedback'],
      to: ['UploadProducts'],
    })
    const note = await t.database.db.selectFrom('notifications').selectAll().executeTakeFirstOrThrow()
    expect(note).toMatchObject({
      type: 'staffFunction',
      action: 'updated',
      // product.md §5: the affected user (named in for_users) and admins (eligible by type).
      forAll: true,
      mainItem: 'UploadProducts',
    })
    const staff = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'staff@example.com')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(note.for_users)).toEqual([staff.id])

    // Functions mean nothing outside the staff role, so demoting clears them.
    expect((await admin(t, 'set-role', '--email', 'staff@example.com', '--role', 'user')).out).toBe(
      'staff@example.com is now user.',
    )
  })

  it('restrict ends the user’s sessions at once; unrestrict lets them back in', async () => {
    const t = await createTestApp()
    const user = await insertUserWithPassword(t.database.db)
    const client = new CookieClient(t.app)
    await client.signIn(user.email, user.plainPassword)
    expect((await admin(t, 'restrict', '--email', user.email)).out).toBe(
      `${user.email} is restricted; their sessions have ended.`,
    )
    // The rows stay while the restriction lasts (so the tab learns why), but none of them works.
    const refused = await call(client, 'GET', '/api/me', undefined, 401)
    expect(refused.code).toBe('account_restricted')
    expect(
      new URL(
        (await client.signIn(user.email, user.plainPassword)).headers.get('location')!,
      ).searchParams.get('code'),
    ).toBe('restricted')
    expect((await admin(t, 'unrestrict', '--email', user.email)).code).toBe(0)
    // Lifting the restriction ends the old sessions for good.
    expect(await t.database.db.selectFrom('sessions').selectAll().execute()).toEqual([])
    expect((await client.signIn(user.email, user.plainPassword)).headers.get('location')).toBe(
      'http://localhost:3000/',
    )
  })

  it('refuses to restrict or demote the last admin', async () => {
    const t = await createTestApp()
    await admin(
      t,
      'create-user',
      '--email',
      'only@example.com',
      '--password',
      'only admin passphrase',
      '--role',
      'admin',
      '--verified',
    )
    const r = await admin(t, 'restrict', '--email', 'only@example.com')
    expect(r).toMatchObject({
      code: 1,
      err: 'Refused: This is the last admin: make someone else an admin first.',
    })
    expect((await admin(t, 'set-role', '--email', 'only@example.com', '--role', 'user')).code).toBe(1)
  })

  it.each([
    [['frobnicate'], 2, 'Unknown command "frobnicate".'],
    [['create-user', '--email', 'x@example.com'], 2, '--password:'],
    [
      ['create-user', '--email', 'not-an-email', '--password', 'long enough pass'],
      2,
      '--email: Enter a valid e-mail address',
    ],
    [
      ['create-user', '--email', 'x@example.com', '--password', 'short'],
      2,
      '--password: Use at least 8 characters',
    ],
    [['create-user', '--email', 'x@example.com', '--password', 'password123'], 1, 'too common'],
    [['set-role', '--email', 'x@example.com', '--role', 'king'], 2, '--role:'],
    [
      ['set-role', '--email', 'x@example.com', '--role', 'staff', '--functions', 'Juggling'],
      2,
      'each function must be one of',
    ],
    [['restrict', '--email', 'ghost@example.com'], 1, 'No user with e-mail ghost@example.com.'],
    [
      ['create-user', '--email', 'x@example.com', '--password', 'long enough pass', '--colour', 'red'],
      2,
      "Unknown option '--colour'",
    ],
  ])('explains bad input %j and exits non-zero', async (argv, code, message) => {
    const t = await createTestApp()
    const r = await admin(t, ...argv)
    expect(r.code).toBe(code)
    expect(r.err).toContain(message)
  })

  it('refuses a second account for the same address, ignoring case', async () => {
    const t = await createTestApp()
    await admin(t, 'create-user', '--email', 'dup@example.com', '--password', 'first passphrase')
    const r = await admin(t, 'create-user', '--email', 'DUP@example.com', '--password', 'second passphrase')
    expect(r).toMatchObject({ code: 1, err: 'Refused: An account with this e-mail address already exists.' })
  })

  it('list-users shows role, functions and flags', async () => {
    const t = await createTestApp()
    await admin(
      t,
      'create-user',
      '--email',
      'a@example.com',
      '--password',
      'first passphrase',
      '--role',
      'staff',
      '--functions',
      'AccessShop',
    )
    const r = await admin(t, 'list-users')
    expect(r.out).toContain('a@example.com\tstaff(AccessShop)\ta\t[unverified]')
    expect(r.out).toContain('1 user(s).')
  })

  describe('batch', () => {
    const batchFile = (lines: readonly (readonly string[] | string)[]) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'depot-batch-'))
      const file = path.join(dir, 'commands.jsonl')
      writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'))
      return file
    }
    const user = (email: string) => ['create-user', '--email', email, '--password', 'batch passphrase 1']
    const exists = async (t: TestApp, email: string) =>
      (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !==
      undefined

    it('runs the commands of a file in order in one run, skipping blank and # lines', async () => {
      const t = await createTestApp()
      const file = batchFile([
        '# two people, one of them suspended',
        [...user('ada@example.com'), '--verified', '--role', 'staff', '--functions', 'AccessShop'],
        '',
        user('bob@example.com'),
        ['restrict', '--email', 'bob@example.com'],
      ])
      const r = await admin(t, 'batch', '--from', file)
      expect(r).toMatchObject({ code: 0, err: '' })
      expect(r.out.split('\n')).toEqual([
        expect.stringMatching(
          /^Created staff ada@example\.com \(id [0-9a-f-]{36}\) with AccessShop; e-mail verified/,
        ),
        expect.stringMatching(/^Created user bob@example\.com /),
        'bob@example.com is restricted; their sessions have ended.',
        'Ran 3 command(s).',
      ])
      const bob = await t.database.db
        .selectFrom('users')
        .select('isRestricted')
        .where('email', '=', 'bob@example.com')
        .executeTakeFirstOrThrow()
      expect(bob.isRestricted).toBe(true)
    })

    it.each([
      [
        'a line that is not a JSON array of words',
        'create-user --email x@example.com',
        'Line 2: write each command as a JSON array',
      ],
      ['an unknown command', ['frobnicate'], 'Line 2: Unknown command "frobnicate".'],
      ['a bad option', ['set-role', '--email', 'a@example.com', '--role', 'king'], 'Line 2: --role:'],
      [
        'a command that copies the site',
        ['backup', '--to', '/tmp/x'],
        'Line 2: "backup" cannot run in a batch',
      ],
    ])('checks every line before running any: %s on line 2 runs nothing', async (_what, line, message) => {
      const t = await createTestApp()
      const r = await admin(t, 'batch', '--from', batchFile([user('first@example.com'), line]))
      expect(r.code).toBe(2)
      expect(r.err).toContain(message)
      expect(await exists(t, 'first@example.com')).toBe(false)
    })

    it('stops at the first refusal and says which lines ran', async () => {
      const t = await createTestApp()
      const file = batchFile([
        user('one@example.com'),
        ['restrict', '--email', 'ghost@example.com'],
        user('two@example.com'),
      ])
      const r = await admin(t, 'batch', '--from', file)
      expect(r.code).toBe(1)
      expect(r.err).toBe(
        'Line 2 (restrict): Refused: No user with e-mail ghost@example.com.\n' +
          'Stopped: 1 command(s) before it ran; the 1 after it did not.',
      )
      expect(await exists(t, 'one@example.com')).toBe(true)
      expect(await exists(t, 'two@example.com')).toBe(false)
    })

    it('needs a readable file', async () => {
      const t = await createTestApp()
      expect((await admin(t, 'batch')).err).toContain('--from: name the file of commands')
      const missing = await admin(t, 'batch', '--from', path.join(tmpdir(), 'no-such-depot-batch.jsonl'))
      expect(missing.code).toBe(2)
      expect(missing.err).toContain('--from: cannot read')
    })
  })

  it('runs as `npm run admin` against the configured database', async () => {
    const t = await createTestApp()
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: t.testDb.dir }
    if (t.testDb.config.dialect === 'postgres') env.DATABASE_URL = t.testDb.config.url
    else env.DATABASE_URL = t.testDb.config.file
    const run = (args: string[], input = '') =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], { env })
        let out = ''
        child.stdout.on('data', (d) => (out += d))
        child.stderr.on('data', (d) => (out += d))
        child.on('exit', (code) => resolve({ code, out }))
        child.stdin.end(input)
      })
    const created = await run([
      'create-user',
      '--email',
      'cli@example.com',
      '--password',
      'cli passphrase 1',
      '--verified',
    ])
    expect(created.code).toBe(0)
    expect(created.out).toContain('Created user cli@example.com')
    const bad = await run(['set-role', '--email', 'cli@example.com'])
    expect(bad.code).toBe(2)
    expect(bad.out).toContain('--role:')
    // A batch read from standard input runs in the same one process.
    const batch = await run(
      ['batch', '--from', '-'],
      `${JSON.stringify(['create-user', '--email', 'second@example.com', '--password', 'cli passphrase 2'])}\n` +
        `${JSON.stringify(['set-role', '--email', 'cli@example.com', '--role', 'staff'])}\n`,
    )
    expect(batch.out).toContain('Created user second@example.com')
    expect(batch.out).toContain('cli@example.com is now staff.')
    expect(batch.code).toBe(0)
    const client = new CookieClient(t.app)
    expect((await client.signIn('cli@example.com', 'cli passphrase 1')).headers.get('location')).toBe(
      'http://localhost:3000/',
    )
  }, 90_000)

  it.skipIf(testDialect() !== 'sqlite')(
    'on SQLite, runs the command again when the running server holds the write lock, instead of failing',
    async () => {
      const t = await createTestApp()
      const user = await insertUserWithPassword(t.database.db, 'a long enough passphrase')
      const env = t.deps.env.database
      if (env.dialect !== 'sqlite') throw new Error('SQLite only')
      // Another process (the server) holds the write lock: the command's transaction, having read, is
      // refused the lock at once (SQLite does not wait there, to avoid a deadlock); the lock is let go
      // while it waits to try again.
      const server = new SqliteDatabase(env.file)
      server.prepare('begin immediate').run()
      const release = setTimeout(() => server.prepare('commit').run(), 100)
      try {
        const r = await admin(t, 'restrict', '--email', user.email)
        expect(r).toMatchObject({ code: 0, err: '' })
        expect(r.out).toBe(`${user.email} is restricted; their sessions have ended.`)
      } finally {
        clearTimeout(release)
        if (server.inTransaction) server.prepare('commit').run()
        server.close()
      }
      const row = await t.database.db
        .selectFrom('users')
        .select('isRestricted')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow()
      expect(row.isRestricted).toBe(true)
    },
  )
})
