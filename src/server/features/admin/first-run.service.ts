import type { Logger } from 'pino'
import type { AppDeps } from '../../deps'
import { HttpProblem } from '../../lib/http/problem'
import { createUserWithPassword } from '../accounts/sign-up/users.service'
import { consumeToken, issueToken } from '../accounts/sign-up/verification-tokens'
import { countAdmins } from '../accounts/users.repository'
import { recordAudit } from '../audit/audit.service'
import { seedSiteIdentity } from '../site/site-identity.service'

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

// First run (product.md §1): with no admin in the database, the server logs a one-time link whose
// page creates the first admin. No default password ever exists. Each start while there is still no
// admin issues a fresh link; the previous one stops working.

const SETUP_EMAIL = 'first-run-setup'

export async function announceFirstRunSetup(deps: Deps, logger: Logger): Promise<string | undefined> {
  if ((await countAdmins(deps.database.db)) > 0) return undefined
  const token = await issueToken(
    deps.database.db,
    { email: SETUP_EMAIL, firstname: null, purpose: 'setup_admin' },
    deps.clock(),
  )
  const link = `${deps.env.authUrl.origin}/setup?token=${token}`
  logger.warn({ setupLink: link }, `No admin exists yet. Create the first one within 24 hours at: ${link}`)
  return link
}

export async function isSetupNeeded(deps: Deps): Promise<boolean> {
  return (await countAdmins(deps.database.db)) === 0
}

export async function createFirstAdmin(
  deps: Deps,
  input: {
    token: string
    first_name: string
    last_name: string
    email: string
    password: string
    business_name: string
    business_address?: string | undefined
    support_email?: string | undefined
  },
) {
  const now = deps.clock()
  return deps.database.db.transaction().execute(async (trx) => {
    const gone = new HttpProblem(410, 'setup_link_used', 'This setup link has expired or was already used.')
    if ((await countAdmins(trx)) > 0) throw gone
    const row = await consumeToken(trx, input.token, 'setup_admin', now)
    if (!row) throw gone
    const user = await createUserWithPassword(
      { database: { ...deps.database, db: trx }, clock: deps.clock },
      {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        password: input.password,
        role: 'admin',
        verified: true,
      },
    )
    await seedSiteIdentity(
      deps.env,
      trx,
      { name: input.business_name, address: input.business_address, supportEmail: input.support_email },
      { now, by: user.id },
    )
    await recordAudit(
      trx,
      {
        action: 'admin.setup',
        actor: { id: user.id, email: user.email },
        details: { businessName: input.business_name },
      },
      now,
    )
    return { id: user.id, email: user.email }
  })
}
