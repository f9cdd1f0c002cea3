import { z } from 'zod'

// First steps for a new site's admin (GET /api/admin/first-steps): a short checklist on the staff
// dashboard, each step ticked by what the server sees. The card shows until every step is done or an
// admin hides it (POST /api/admin/first-steps/hide, remembered for every admin).
//  - logo: a logo was uploaded in the site identity
//  - product: a product exists (published or not, not deleted)
//  - staff: an invitation was sent, or a staff user exists
//  - mailbox: the inbound mailbox (INBOUND_IMAP_URL) is configured and was reached at least once

export const FIRST_STEP_KEYS = ['logo', 'product', 'staff', 'mailbox'] as const
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number]

export const firstStepsSchema = z.object({
  steps: z.array(z.object({ key: z.enum(FIRST_STEP_KEYS), done: z.boolean() })),
  /** An admin chose to hide the card. */
  hidden: z.boolean(),
  /** Whether the card is shown: not hidden, and some step is still to do. */
  show: z.boolean(),
})
export type FirstSteps = z.infer<typeof firstStepsSchema>
