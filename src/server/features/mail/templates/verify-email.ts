import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/** Sent after a credentials sign-up; the link carries the single-use token (valid 24 h, product.md §1). */
export function verifyEmail(brand: Brand, input: { firstname?: string | null; link: string }): RenderedMail {
  return renderMail(brand, {
    template: 'verify-email',
    subject: `Confirm your e-mail address for ${brand.name}`,
    blocks: [
      greeting(input.firstname),
      paragraph(`Confirm your e-mail address to finish creating your ${brand.name} account:`),
      action('Confirm my e-mail address', input.link),
      paragraph('This link expires in 24 hours and works once.'),
      paragraph(`If you didn’t sign up for ${brand.name}, you can ignore this e-mail.`),
    ],
  })
}
