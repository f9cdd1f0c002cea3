import type { Timestamp } from './timestamp'

// Two-factor sign-in (docs/decisions/0044). See ../schema.ts for the conventions.

/** A user's authenticator app. A row without `enabledAt` is an enrolment not yet confirmed with a code. */
export interface UserTwoFactorTable {
  userId: string
  /** The TOTP secret, encrypted with a key derived from AUTH_SECRET (two-factor-secret.ts). */
  secret: string
  enabledAt: Timestamp | null
  /** The last 30-second step a code was accepted for: a code works once, and never an older one. */
  lastUsedStep: number | null
  createdAt: Timestamp
}

/** Single-use recovery codes; only their SHA-256 is stored. */
export interface TwoFactorRecoveryCodesTable {
  id: string
  userId: string
  codeHash: string
  usedAt: Timestamp | null
  createdAt: Timestamp
}
