import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/**
 * Sent instead of a verification e-mail when someone signs up with an address that already has an
 * account: the sign-up answer stays the same for known and unknown addresses (no account
 * enumeration, product.md §1), and only the owner of the mailbox learns the account exists.
 */
export function signupAttemptOnExistingAccount(
  brand: Brand,
  input: { firstname?: string | null; signInLink: string; resetLink: string },
): RenderedMail {
  return renderMail(brand, {
    template: 'signup-attempt-on-existing-account',
    subject: `You already have a ${brand.name} account`,
    blocks: [
      greeting(input.firstname),
      paragraph(
        `Someone tried to create a ${brand.name} account with this e-mail address, but you already have one. ` +
          'You can sign in here:',
      ),
      action('Sign in', input.signInLink),
      paragraph('Forgot your password? Choose a new one here:'),
      action('Reset my password', input.resetLink),
      paragraph('If this wasn’t you, you can ignore this e-mail: nothing about your account has changed.'),
    ],
  })
}
