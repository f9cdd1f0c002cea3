import type { AccessTokenScope } from '../../../shared/contract/access-tokens'
import type { AccountType, Role } from '../../../shared/enums'
import type { Timestamp } from './timestamp'

// People and sign-in: users, provider accounts, sessions, verification tokens, avatars, the audit log. See ../schema.ts for the conventions.

export interface UsersTable {
  id: string
  first_name: string
  last_name: string
  /** Derived: `first_name last_name`, kept in step by the accounts service. */
  name: string
  email: string
  emailVerified: Timestamp | null
  account_type: AccountType
  /** argon2id hash; null for users who only sign in through an identity provider. */
  password: string | null
  business_name: string | null
  image: string | null
  industry: string | null
  /** Ours (0045): printed on the buyer's invoices; lines separated by \n. */
  billing_address?: string | null
  /** Ours (0045): the buyer's tax or VAT number, printed on their invoices. */
  tax_number?: string | null
  isRestricted: boolean
  role: Role
  /** JSON array of StaffFunction. */
  staffFunctions: string
  /** When they first signed in (a session began): a new site's admins enrol in two-factor from it. */
  firstSignInAt?: Timestamp | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface AccountsTable {
  userId: string
  type: string
  provider: string
  providerAccountId: string
  refresh_token: string | null
  access_token: string | null
  expires_at: number | null
  token_type: string | null
  scope: string | null
  id_token: string | null
  session_state: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

export interface SessionsTable {
  id: string
  /** Hash of the session token the cookie carries; the token itself is never stored. */
  sessionToken: string
  userId: string
  expires: Timestamp
  createdAt: Timestamp
  updatedAt: Timestamp
  /** Drives the idle timeout; written at most once a minute per session. */
  lastSeenAt: Timestamp | null
  userAgent: string | null
  ipAddress: string | null
}

export interface AccessTokensTable {
  id: string
  userId: string
  name: string
  /** SHA-256 of the token (base64url); the token itself is shown once and never stored. */
  tokenHash: string
  /** The token's first characters (`dpt_ab12`), to tell tokens apart in a list. */
  hint: string
  scope: AccessTokenScope
  createdAt: Timestamp
  expiresAt: Timestamp
  /** Written at most once a minute per token, or when the address changes. */
  lastUsedAt: Timestamp | null
  lastUsedIp: string | null
  /** When the owner was mailed that the token expires soon (docs/decisions/0138); null until then. */
  expiryMailedAt: Timestamp | null
}

export interface VerificationTokensTable {
  id: string
  email: string
  firstname: string | null
  /** Hash of the single-use token; the token itself only travels in the e-mail. */
  token: string
  expires: Timestamp
  /** `claim_account` (0140): the receipt's link to the account a guest purchase made. */
  purpose: 'verify_email' | 'reset_password' | 'setup_admin' | 'claim_account'
  createdAt: Timestamp | null
}

/** An admin's invitation to create an account with a role; pending until accepted, revoked or expired. */
export interface InvitationsTable {
  id: string
  email: string
  role: Role
  /** JSON array of StaffFunction. */
  staffFunctions: string
  /** Hash of the single-use token; the token itself only travels in the e-mail. */
  token_hash: string
  invited_by: string | null
  created_at: Timestamp
  expires_at: Timestamp
  /** When the newest link was mailed (a resend issues a new token and moves the expiry). */
  sent_at: Timestamp
  accepted_at: Timestamp | null
  accepted_user_id: string | null
  revoked_at: Timestamp | null
}

export interface UserAvatarsTable {
  userId: string
  contentType: string
  bytes: Buffer
  updatedAt: Timestamp
}

export interface AuditEventsTable {
  id: string
  createdAt: Timestamp
  action: string
  actorId: string | null
  actorEmail: string | null
  targetType: string | null
  targetId: string | null
  ipAddress: string | null
  userAgent: string | null
  /** JSON object. */
  details: string
}
