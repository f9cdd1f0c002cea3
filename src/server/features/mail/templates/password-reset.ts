import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/**
 * Sent on a reset request for a known address. The lifetime is a parameter because the accounts
 * feature owns the token; the default matches the verification token's 24 hours (product.md §1).
 */
export function passwordReset(
  brand: Brand,
  input: { firstname?: string | null; link: string; expiresInHours?: number },
): RenderedMail {
  const hours = input.expiresInHours ?? 24
  return renderMail(brand, {
    template: 'password-reset',
    subject: `Reset your ${brand.name} password`,
    blocks: [
      greeting(input.firstname),
      paragraph(`Someone asked to reset the password of your ${brand.name} account. To choose a new one:`),
      action('Choose a new password', input.link),
      paragraph(
        `This link expires in ${hours === 1 ? '1 hour' : `${hours} hours`} and works once. ` +
          'Resetting your password signs you out everywhere and revokes your access tokens.',
      ),
      paragraph('If you didn’t ask for this, you can ignore this e-mail: your password stays as it is.'),
    ],
  })
}
