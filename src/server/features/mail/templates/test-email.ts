import { type Brand, endSentence, greeting, paragraph, type RenderedMail, renderMail } from './layout'

/** The message an admin sends themselves from the site identity page, to see how e-mails look. */
export function testEmail(brand: Brand, input: { firstname: string | null; sender: string }): RenderedMail {
  return renderMail(brand, {
    template: 'test-email',
    subject: `A test e-mail from ${brand.name}`,
    blocks: [
      greeting(input.firstname),
      paragraph(
        `This is how e-mails from ${brand.name} look. ${endSentence(`Your customers see them sent by ${input.sender}`)}`,
      ),
      paragraph('The name, logo, accent colour and address in them come from the site identity page.'),
    ],
  })
}
