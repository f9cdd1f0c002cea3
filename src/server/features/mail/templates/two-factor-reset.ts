import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/** Sent when an administrator resets someone's two-factor sign-in (they lost their phone, say). */
export function twoFactorReset(brand: Brand, input: { firstname?: string | null }): RenderedMail {
  return renderMail(brand, {
    template: 'two-factor-reset',
    subject: `Your ${brand.name} two-factor sign-in was reset`,
    blocks: [
      greeting(input.firstname),
      paragraph(
        `An administrator turned off two-factor sign-in on your ${brand.name} account. You can now sign in ` +
          'with your password alone. Set up your authenticator app again from your profile:',
      ),
      action('Open your profile', `${brand.baseUrl}/profile`),
      paragraph('If you did not ask for this, contact us straight away and change your password.'),
    ],
  })
}
