import { action, type Brand, greeting, paragraph, type RenderedMail, renderMail, writtenText } from './layout'

const LEVEL_WORDS = {
  viewer: 'view',
  editor: 'view and add files to',
  administrator: 'manage',
} as const

/**
 * A folder shared with someone. With an account, the link opens the folder; without one, it leads to
 * sign-up with their address, and the folder is theirs once they confirm it. The sharer's own words,
 * when they wrote some, come quoted as written.
 */
export function folderShared(
  brand: Brand,
  input: {
    firstname: string | null
    sharerName: string
    folderName: string
    level: keyof typeof LEVEL_WORDS
    message: string | null
    link: string
    hasAccount: boolean
  },
): RenderedMail {
  const said = input.message ? [paragraph(`${input.sharerName} wrote:`), writtenText(input.message)] : []
  return renderMail(brand, {
    template: input.hasAccount ? 'folder-shared' : 'folder-shared-invitation',
    subject: `${input.sharerName} shared “${input.folderName}” with you`,
    blocks: [
      greeting(input.firstname),
      paragraph(
        `${input.sharerName} shared the folder “${input.folderName}” with you on ${brand.name}: you can ${LEVEL_WORDS[input.level]} it.`,
      ),
      ...said,
      ...(input.hasAccount
        ? [action('Open the folder', input.link)]
        : [
            paragraph(`To open it, create your ${brand.name} account with this e-mail address.`),
            action('Create your account', input.link),
            paragraph(
              'If you did not expect this, you can ignore this e-mail: nothing is shared until you sign up.',
            ),
          ]),
    ],
  })
}
