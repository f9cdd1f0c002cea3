import { z } from 'zod'
import type { FirstSteps } from '../../../shared/contract/first-steps'
import type { AppDeps } from '../../deps'
import { type Caller, recordedAs } from '../../lib/http/caller'
import { problems } from '../../lib/http/problem'
import { defineSetting, readSetting, writeSetting } from '../../lib/settings/settings'
import { canSeeFirstSteps } from '../../policies/site.policy'
import { logoUploaded, mailboxReached, productExists, staffInvitedOrPresent } from './first-steps.repository'

// The first steps of a new site's admin (src/shared/contract/first-steps.ts): each step ticked by
// what is in the database and the environment, and the admins' choice to hide the card.

type Deps = Pick<AppDeps, 'database' | 'clock' | 'env'>

/** An admin hid the first-steps card; it stays hidden for every admin. */
export const FIRST_STEPS_HIDDEN_SETTING = defineSetting({
  key: 'admin.firstStepsHidden',
  schema: z.boolean(),
  fallback: false,
})

export async function getFirstSteps(deps: Deps, by: Caller): Promise<FirstSteps> {
  if (!canSeeFirstSteps(by)) throw problems.forbidden()
  const db = deps.database.db
  const imap = deps.env.inbound.imap
  const [logo, product, staff, mailbox, hidden] = await Promise.all([
    logoUploaded(db),
    productExists(db),
    staffInvitedOrPresent(db),
    imap ? mailboxReached(db, imap.mailbox) : false,
    readSetting(db, FIRST_STEPS_HIDDEN_SETTING),
  ])
  const steps: FirstSteps['steps'] = [
    { key: 'logo', done: logo },
    { key: 'product', done: product },
    { key: 'staff', done: staff },
    { key: 'mailbox', done: mailbox },
  ]
  return { steps, hidden, show: !hidden && steps.some((s) => !s.done) }
}

export async function hideFirstSteps(deps: Deps, by: Caller): Promise<FirstSteps> {
  if (!canSeeFirstSteps(by)) throw problems.forbidden()
  await writeSetting(deps.database.db, FIRST_STEPS_HIDDEN_SETTING, true, {
    now: deps.clock(),
    by: recordedAs(by).id,
  })
  return getFirstSteps(deps, by)
}
