import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { emailSchema, passwordSchema } from '../../../shared/contract/accounts'
import { ACCOUNT_TYPES, ROLES, STAFF_FUNCTIONS } from '../../../shared/enums'
import type { AppDeps } from '../../deps'
import { OPERATOR } from '../../lib/http/caller'
import { HttpProblem } from '../../lib/http/problem'
import { createUserWithPassword } from '../accounts/sign-up/users.service'
import { findUserByEmail } from '../accounts/users.repository'
import { sendNotificationDigests } from '../notifications/notification-digest'
import { runOperationsCommand } from '../operations/operations-cli'
import { resetTwoFactor } from './two-factor-reset.service'
import { changeUserAccess, endAllSessions } from './user-access.service'
import { listUsersByAge } from './users.repository'

// `npm run admin -- <command>`: the operator's command line (architecture.md, operator contract).
// Every command prints what it did; bad input exits non-zero with a message saying what to fix.

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [options]

  create-user --email E --password P [--role user|staff|admin] [--functions A,B] [--verified]
              [--first-name F] [--last-name L] [--account-type individual|corporate]
              [--business-name B] [--industry I]
  set-role    --email E --role user|staff|admin [--functions A,B]
  restrict    --email E          suspend: ends every session; sign-in is refused
  unrestrict  --email E
  end-sessions --email E [--tokens]
                                 signs the user out everywhere; --tokens also revokes their access tokens
  reset-2fa   --email E          turns off two-factor sign-in (lost phone and codes); the user is e-mailed
  list-users  [--role R]
  backup      --to DIR           database, blobs (S3: their list) and generated secret, with checksums
  restore     --from DIR         into an empty database and data folder; checksums are verified first
  fsck        [--repair] [--grace-hours H]
                                 blobs no row names and rows whose blob is missing; --repair deletes
                                 orphans older than H hours (default BLOB_ORPHAN_GRACE_HOURS)
  send-digests                   queues the notification e-mail digests due now (a job does it every
                                 few minutes; the running server's worker sends them)
  batch       --from FILE|-      runs the commands in FILE (- for standard input) in order, in one
                                 process: one per line, as a JSON array of the words that follow
                                 \`npm run admin --\`, e.g. ["restrict", "--email", "a@example.com"]. Every
                                 line is checked before the first runs; it stops at the first refusal.
                                 Blank lines and lines starting with # are skipped. Only the user
                                 commands and send-digests may be in a batch.

Staff functions: ${STAFF_FUNCTIONS.join(', ')}`

class UsageError extends Error {}

const functionsList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.enum(STAFF_FUNCTIONS, { error: `each function must be one of ${STAFF_FUNCTIONS.join(', ')}` })),
  )

const schemas = {
  'create-user': z.object({
    email: emailSchema,
    password: passwordSchema,
    role: z.enum(ROLES).default('user'),
    functions: functionsList.optional(),
    verified: z.boolean().default(false),
    'first-name': z.string().trim().min(1).max(100).optional(),
    'last-name': z.string().trim().max(100).optional(),
    'account-type': z.enum(ACCOUNT_TYPES).default('individual'),
    'business-name': z.string().trim().min(1).max(200).optional(),
    industry: z.string().trim().min(1).max(200).optional(),
  }),
  'set-role': z.object({ email: emailSchema, role: z.enum(ROLES), functions: functionsList.optional() }),
  restrict: z.object({ email: emailSchema }),
  unrestrict: z.object({ email: emailSchema }),
  'end-sessions': z.object({ email: emailSchema, tokens: z.boolean().default(false) }),
  'reset-2fa': z.object({ email: emailSchema }),
  'list-users': z.object({ role: z.enum(ROLES).optional() }),
  backup: z.object({ to: z.string().min(1, 'name the folder to write the backup to') }),
  restore: z.object({ from: z.string().min(1, 'name the backup folder') }),
  fsck: z.object({
    repair: z.boolean().default(false),
    'grace-hours': z.string().regex(/^\d+$/, 'must be a whole number of hours').transform(Number).optional(),
  }),
  'send-digests': z.object({}),
}
type Command = keyof typeof schemas

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  functions: { type: 'string' },
  verified: { type: 'boolean' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  'account-type': { type: 'string' },
  'business-name': { type: 'string' },
  industry: { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  repair: { type: 'boolean' },
  tokens: { type: 'boolean' },
  'grace-hours': { type: 'string' },
  help: { type: 'boolean' },
} as const

export interface CliOutput {
  out(line: string): void
  err(line: string): void
}

/** Commands that must find the database as it is: scripts/admin.ts does not migrate before them. */
export const COMMANDS_WITHOUT_MIGRATION: readonly string[] = ['restore']

/**
 * The environment is for e-mails' links and sender (the running server's worker sends them); storage
 * for backup, restore and the integrity check.
 */
type CliDeps = Pick<AppDeps, 'database' | 'clock' | 'env' | 'storage'>

/** Commands that copy or check the whole site: never run twice over. */
const LONG_COMMANDS: readonly string[] = ['backup', 'restore', 'fsck']

/**
 * The server may be writing to the same SQLite file while an operator runs a command. A transaction
 * that has read cannot take the write lock while another process holds it, nor after another process
 * wrote since its read (SQLITE_BUSY / SQLITE_BUSY_SNAPSHOT at once: busy_timeout does not wait there,
 * to avoid a deadlock); SQLite's answer is to roll back and run the transaction again. Each user command is one transaction that either
 * committed or left nothing, so it runs again, a few times, before the operator sees the error.
 */
async function againWhileSqliteBusy(run: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code
      if (attempt >= 5 || typeof code !== 'string' || !code.startsWith('SQLITE_BUSY')) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

/** Commands a batch may hold: the ones about users and their mail, not those that copy the site. */
const BATCHABLE: readonly Command[] = [
  'create-user',
  'set-role',
  'restrict',
  'unrestrict',
  'end-sessions',
  'reset-2fa',
  'list-users',
  'send-digests',
]

interface ParsedCommand {
  command: Command
  input: Record<string, never>
}

/** A command line's words as a command and its checked options; bad input is a UsageError. */
function parseCommand(argv: readonly string[]): ParsedCommand {
  const [command, ...rest] = argv
  if (!command || !(command in schemas)) throw new UsageError(`Unknown command "${command ?? ''}".`)
  let values: Record<string, unknown>
  try {
    values = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false }).values
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const parsed = schemas[command as Command].safeParse(values)
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'))
  }
  return { command: command as Command, input: parsed.data as never }
}

async function runParsed(deps: CliDeps, { command, input }: ParsedCommand, io: CliOutput): Promise<void> {
  const run = () => execute(deps, command, input, io)
  await (LONG_COMMANDS.includes(command) ? run() : againWhileSqliteBusy(run))
}

/** What the operator is told when the site refused a command. */
function refusal(error: HttpProblem): string {
  const fields = error.errors ? Object.values(error.errors).flat().join(' ') : ''
  return `Refused: ${error.detail ?? error.title}${fields ? ` ${fields}` : ''}`
}

/** Runs one command; returns the process exit code. */
export async function runAdminCommand(deps: CliDeps, argv: string[], io: CliOutput): Promise<number> {
  try {
    const [command, ...rest] = argv
    if (!command || command === 'help' || command === '--help') {
      io.out(ADMIN_USAGE)
      return command ? 0 : 2
    }
    if (command === 'batch') return await runBatch(deps, rest, io)
    await runParsed(deps, parseCommand(argv), io)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${ADMIN_USAGE}`)
      return 2
    }
    if (error instanceof HttpProblem) {
      io.err(refusal(error))
      return 1
    }
    throw error
  }
}

/**
 * `batch --from FILE|-`: the commands of a file (or standard input), one per line as a JSON array of
 * their words, run in order in this one process. Every line is checked before the first runs, so a
 * typo on line 40 runs nothing; the batch stops at the first command the site refuses, saying which
 * lines were done.
 */
async function runBatch(deps: CliDeps, argv: readonly string[], io: CliOutput): Promise<number> {
  let from: string | undefined
  try {
    from = parseArgs({ args: [...argv], options: { from: { type: 'string' } }, strict: true }).values.from
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (!from) throw new UsageError('--from: name the file of commands (- for standard input)')
  let text: string
  try {
    text = fs.readFileSync(from === '-' ? 0 : from, 'utf8')
  } catch (error) {
    throw new UsageError(`--from: cannot read ${from}: ${(error as Error).message}`)
  }
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ number: index + 1, line: line.trim() }))
    .filter(({ line }) => line !== '' && !line.startsWith('#'))
  const commands = lines.map(({ number, line }) => {
    let words: unknown
    try {
      words = JSON.parse(line)
    } catch {
      words = undefined
    }
    if (!Array.isArray(words) || words.length === 0 || !words.every((w) => typeof w === 'string')) {
      throw new UsageError(
        `Line ${number}: write each command as a JSON array of its words, e.g. ["restrict", "--email", "a@example.com"].`,
      )
    }
    try {
      const parsed = parseCommand(words)
      if (!BATCHABLE.includes(parsed.command)) {
        throw new UsageError(
          `"${parsed.command}" cannot run in a batch; a batch holds ${BATCHABLE.join(', ')}.`,
        )
      }
      return { number, parsed }
    } catch (error) {
      if (error instanceof UsageError) throw new UsageError(`Line ${number}: ${error.message}`)
      throw error
    }
  })
  for (const [done, { number, parsed }] of commands.entries()) {
    try {
      await runParsed(deps, parsed, io)
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error
      io.err(`Line ${number} (${parsed.command}): ${refusal(error)}`)
      io.err(`Stopped: ${done} command(s) before it ran; the ${commands.length - done - 1} after it did not.`)
      return 1
    }
  }
  io.out(`Ran ${commands.length} command(s).`)
  return 0
}

async function execute(deps: CliDeps, command: Command, input: Record<string, never>, io: CliOutput) {
  const target = async (email: string) => {
    const user = await findUserByEmail(deps.database.db, email)
    if (!user) throw new HttpProblem(404, 'not_found', `No user with e-mail ${email}.`)
    return user
  }
  switch (command) {
    case 'create-user': {
      const i = input as unknown as z.infer<(typeof schemas)['create-user']>
      const user = await createUserWithPassword(deps, {
        email: i.email,
        password: i.password,
        first_name: i['first-name'] ?? i.email.split('@')[0]!,
        last_name: i['last-name'] ?? '',
        account_type: i['account-type'],
        business_name: i['business-name'] ?? null,
        industry: i.industry ?? null,
        role: i.role,
        staffFunctions: i.functions ?? [],
        verified: i.verified,
      })
      const fns = JSON.parse(user.staffFunctions) as string[]
      io.out(
        `Created ${user.role} ${user.email} (id ${user.id})${fns.length ? ` with ${fns.join(', ')}` : ''}; ` +
          (user.emailVerified
            ? 'e-mail verified: can sign in now.'
            : 'e-mail not verified: cannot sign in until verified.'),
      )
      return
    }
    case 'set-role': {
      const i = input as unknown as z.infer<(typeof schemas)['set-role']>
      const user = await target(i.email)
      const result = await changeUserAccess(deps, OPERATOR, user.id, {
        role: i.role,
        staffFunctions: i.functions,
      })
      io.out(
        `${result.email} is now ${result.role}${result.staffFunctions.length ? ` with ${result.staffFunctions.join(', ')}` : ''}.`,
      )
      return
    }
    case 'restrict':
    case 'unrestrict': {
      const i = input as unknown as { email: string }
      const user = await target(i.email)
      await changeUserAccess(deps, OPERATOR, user.id, { isRestricted: command === 'restrict' })
      io.out(
        command === 'restrict'
          ? `${user.email} is restricted; their sessions have ended.`
          : `${user.email} is no longer restricted.`,
      )
      return
    }
    case 'end-sessions': {
      const { email, tokens } = input as unknown as { email: string; tokens: boolean }
      const user = await target(email)
      const result = await endAllSessions(deps, OPERATOR, user.id, { tokens })
      io.out(endSessionsReport(user.email, result))
      return
    }
    case 'reset-2fa': {
      const user = await target((input as unknown as { email: string }).email)
      const { reset } = await resetTwoFactor(deps, OPERATOR, user.id)
      io.out(
        reset
          ? `Two-factor sign-in of ${user.email} is reset; they were e-mailed and can sign in with their password.`
          : `${user.email} did not have two-factor sign-in on; nothing changed.`,
      )
      return
    }
    case 'backup':
    case 'restore':
    case 'fsck':
      await runOperationsCommand(deps, command, input as never, io)
      return
    case 'send-digests': {
      const { mailed } = await sendNotificationDigests(deps)
      io.out(`Queued ${mailed} notification digest(s).`)
      return
    }
    case 'list-users': {
      const i = input as unknown as { role?: string }
      const rows = await listUsersByAge(deps.database.db, i.role)
      for (const r of rows) {
        const fns = JSON.parse(r.staffFunctions) as string[]
        const flags = [r.isRestricted ? 'restricted' : '', r.emailVerified ? '' : 'unverified'].filter(
          Boolean,
        )
        io.out(
          `${r.email}\t${r.role}${fns.length ? `(${fns.join(',')})` : ''}\t${r.name}${flags.length ? `\t[${flags.join(', ')}]` : ''}`,
        )
      }
      io.out(`${rows.length} user(s).`)
      return
    }
  }
}

/** What end-sessions did, saying plainly whether the user's access tokens still work. */
function endSessionsReport(email: string, r: { ended: number; tokensRevoked: number; tokensKept: number }) {
  const sessions = `Ended ${r.ended} session(s) of ${email}`
  if (r.tokensKept > 0)
    return `${sessions}. Their ${r.tokensKept} access token(s) still work: add --tokens to revoke them too.`
  if (r.tokensRevoked > 0) return `${sessions} and revoked their ${r.tokensRevoked} access token(s).`
  return `${sessions}. They have no access tokens.`
}
