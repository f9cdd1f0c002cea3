import { type FormEvent, useMemo, useRef, useState } from 'react'
import { type AdminSiteWords, siteWordsUpdateSchema } from '../../../shared/contract/site'
import { HOME_INTRO_MAX, SHOP_HEADING_MAX, SHOP_TAGLINE_MAX } from '../../../shared/site-words'
import { FormField } from '../../components/forms/field'
import type { FieldErrors } from '../../components/forms/field-errors'
import { FormFailure } from '../../components/forms/form-failure'
import { SubmitButton } from '../../components/forms/submit-button'
import { useFocusFirstError } from '../../components/forms/use-focus-first-error'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { toast } from '../../components/ui/toast-store'
import { errorMessage } from '../../lib/api'
import { UserSection } from '../admin/user-section'
import { useUpdateSiteWords } from './site-admin-api'
import { HomeCardsFields } from './site-words-cards'
import { checkErrors, serverErrors, type WordsDraft, wordsDraftOf, wordsOf } from './site-words-draft'

// The owner's words (decision 0141): the home page's intro and cards, the shop's heading and tagline.
// Each empty text shows its default, named in the field's hint.

const MARKDOWN_HINT = 'Markdown: **bold**, *italic*, [a link](https://…), lists with - and headings with ##.'

export function SiteWordsForm({ saved }: { saved: AdminSiteWords }) {
  const [draft, setDraft] = useState<WordsDraft>(() => wordsDraftOf(saved))
  const [checked, setChecked] = useState<FieldErrors | null>(null)
  const update = useUpdateSiteWords()
  const fromServer = useMemo(() => serverErrors(update.error), [update.error])
  const errors = checked ?? fromServer
  const ref = useRef<HTMLFormElement>(null)
  useFocusFirstError(ref, errors)
  const { defaults } = saved

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const parsed = siteWordsUpdateSchema.safeParse(wordsOf(draft))
    if (!parsed.success) return setChecked(checkErrors(parsed.error.issues))
    setChecked(null)
    update.mutate(parsed.data, {
      onSuccess: (next) => {
        setDraft(wordsDraftOf(next))
        toast.success('Words saved')
      },
    })
  }
  const failure =
    update.isError && Object.keys(fromServer).length === 0 ? errorMessage(update.error) : undefined
  const text = (field: 'homeIntro' | 'shopHeading' | 'shopTagline') => ({
    name: field,
    value: draft[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      setDraft({ ...draft, [field]: event.currentTarget.value }),
  })

  return (
    <form ref={ref} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <UserSection title="Home page and shop words">
        <FormField
          label="Home page intro"
          error={errors.homeIntro}
          hint={`Under the headline. ${MARKDOWN_HINT} Empty: “${defaults.homeIntro}”`}
        >
          <Textarea rows={4} maxLength={HOME_INTRO_MAX} {...text('homeIntro')} />
        </FormField>
        <FormField
          label="Shop heading"
          error={errors.shopHeading}
          hint={`The shop page’s title. Empty: “${defaults.shopHeading}”`}
        >
          <Input maxLength={SHOP_HEADING_MAX} {...text('shopHeading')} />
        </FormField>
        <FormField
          label="Shop tagline"
          error={errors.shopTagline}
          hint={`One line under the shop’s heading. Empty: “${defaults.shopTagline}”`}
        >
          <Input maxLength={SHOP_TAGLINE_MAX} {...text('shopTagline')} />
        </FormField>
        <HomeCardsFields
          cards={draft.cards}
          onCards={(cards) => setDraft({ ...draft, cards })}
          errors={errors}
        />
      </UserSection>
      <FormFailure title="The words were not saved" failure={failure} />
      <div>
        <SubmitButton pending={update.isPending}>Save the words</SubmitButton>
      </div>
    </form>
  )
}
