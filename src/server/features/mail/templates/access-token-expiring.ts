import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/** "22 Nov 2026, 14:05 UTC": the reader's time zone is not known, so the time says which it is in. */
const WHEN = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
})

/**
 * Sent once a week before one of the user's access tokens expires (docs/decisions/0138): which token,
 * when, and how to make its successor (a drive password, or a token for a script).
 */
export function accessTokenExpiring(
  brand: Brand,
  input: { firstname?: string | null; tokenName: string; hint: string; expiresAt: string },
): RenderedMail {
  const when = `${WHEN.format(new Date(input.expiresAt))} UTC`
  return renderMail(brand, {
    template: 'access-token-expiring',
    subject: `Your ${brand.name} access token “${input.tokenName}” expires on ${when}`,
    blocks: [
      greeting(input.firstname),
      paragraph(
        `Your access token “${input.tokenName}” (it starts ${input.hint}…) expires on ${when}. After that, ` +
          'the drive or script that signs in with it is refused.',
      ),
      paragraph(
        'To keep it working, make a new one on your profile: “Make a drive password” under Connect as a ' +
          'drive, or “Make token” for a script. Then put the new token where the old one was (your ' +
          'drive’s password, or your script’s settings) and revoke the old one.',
      ),
      action('Open your profile', `${brand.baseUrl}/profile`),
      paragraph('If you no longer use this token, you need do nothing: it stops working by itself.'),
    ],
  })
}
