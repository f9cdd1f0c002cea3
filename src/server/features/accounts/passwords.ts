import { hash, verify } from '@node-rs/argon2'
import { COMMON_PASSWORDS } from './common-passwords'

// argon2id with the library's defaults (OWASP-level memory cost). Hashes carry their parameters,
// so raising the cost later needs no migration: old hashes still verify.

export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false // a malformed stored hash never signs anyone in
  }
}

// A real hash of a random string: verifying against it when the account does not exist costs the
// same time as a real check, so response times do not reveal which e-mails are registered.
let dummyHash: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash(`not-a-user-${Math.random()}`)
  await verifyPassword(await dummyHash, password)
}

/** Reasons a new password is refused beyond length (which the contract checks). */
export function passwordProblem(
  password: string,
  context: { email?: string; names?: string[] } = {},
): string | undefined {
  const lower = password.toLowerCase()
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Choose one that is harder to guess.'
  const local = context.email?.split('@')[0]?.toLowerCase()
  if (local && local.length >= 4 && lower === local) return 'Do not use your e-mail address as your password.'
  if (context.email && lower === context.email.toLowerCase())
    return 'Do not use your e-mail address as your password.'
  return undefined
}
