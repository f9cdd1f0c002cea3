import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Where the server keeps the secret it generated, under DATA_DIR (backups carry it along). */
export const GENERATED_SECRET_FILE = 'auth-secret'

/**
 * Returns the secret stored at `file`, creating it (48 random bytes, owner-only) the first time.
 * Lets a local run keep signed cookies valid across restarts without anyone choosing a secret.
 * Production never gets here: env.ts requires AUTH_SECRET there.
 */
export function readOrCreateSecret(file: string): string {
  try {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
