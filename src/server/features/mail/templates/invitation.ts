import {
  action,
  type Brand,
  endSentence,
  greeting,
  list,
  paragraph,
  type RenderedMail,
  renderMail,
} from './layout'

/** An admin's invitation: the link lets the invitee set their name and password (single use). */
export function invitation(
  brand: Brand,
  input: {
    inviterName: string
    roleLabel: string
    /** What they will be able to do, each a phrase ("answer quote requests …"); none for a user. */
    duties: readonly string[]
    link: string
    expiresInDays: number
  },
): RenderedMail {
  return renderMail(brand, {
    template: 'invitation',
    subject: `You are invited to ${brand.name}`,
    blocks: [
      greeting(null),
      paragraph(endSentence(`${input.inviterName} invited you to join ${brand.name} as ${input.roleLabel}`)),
      ...(input.duties.length > 0 ? [list('You will be able to:', input.duties)] : []),
      action('Accept the invitation', input.link),
      paragraph(
        `This link expires in ${input.expiresInDays} days and works once. It lets you choose your name and password.`,
      ),
      paragraph('If you did not expect this invitation, you can ignore this e-mail.'),
    ],
  })
}
