import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'
import { type ParsedMail, parseMime } from '../../test/support/parse-mime'

// The mail the app sent during the browser run: global-setup.ts points SMTP_URL at a real SMTP server
// on loopback, which writes each message it accepts to DEPOT_E2E_MAIL_DIR as an .eml file.

export interface Mail extends ParsedMail {
  to: string
  subject: string
}

function mailDir(): string {
  const dir = process.env.DEPOT_E2E_MAIL_DIR
  if (!dir)
    throw new Error(
      'DEPOT_E2E_MAIL_DIR is not set: the browser tests start through e2e/support/global-setup.ts',
    )
  return dir
}

function readAll(): Mail[] {
  const dir = mailDir()
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .sort()
    .map((name) => {
      const parsed = parseMime(fs.readFileSync(path.join(dir, name)))
      return { ...parsed, to: parsed.headers.get('to') ?? '', subject: parsed.headers.get('subject') ?? '' }
    })
}

/**
 * Waits for the newest message to `address` whose subject matches, and returns it. Addresses are
 * unique per test, so messages of other tests running alongside never match.
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  options: { count?: number } = {},
): Promise<Mail> {
  const count = options.count ?? 1
  let found: Mail[] = []
  await expect
    .poll(
      () => {
        found = readAll().filter(
          (mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && subject.test(mail.subject),
        )
        return found.length
      },
      { message: `mail to ${address} with a subject matching ${subject}`, timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count)
  return found[found.length - 1]!
}

/** The first link in the message's text part that goes to `pathname` on our site. */
export function linkIn(mail: Mail, pathname: string): URL {
  const origin = process.env.DEPOT_E2E_BASE_URL ?? ''
  const links = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => new URL(m[0]))
  const link = links.find((url) => url.pathname === pathname)
  if (!link) throw new Error(`no ${pathname} link in the mail "${mail.subject}":\n${mail.text}`)
  expect(link.origin, 'mail links point at the public origin (AUTH_URL)').toBe(origin)
  return link
}
