import { Send, StickyNote } from 'lucide-react'
import { useState } from 'react'
import { type InboxMessageKind, messageBodySchema } from '../../../../shared/contract/inbox-conversations'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { SegmentedControl } from '../../../components/ui/segmented-control'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast-store'
import type { TriageKind } from '../triage-tables'
import { usePostMessage } from './conversation-api'

const MODES = [
  { value: 'reply', label: 'Reply to sender' },
  { value: 'note', label: 'Internal note' },
] as const

/**
 * Write to the sender (an e-mail from the business, kept on the thread) or a note for the team (never
 * mailed). The text stays in the box until the server has it, so nothing typed is lost on a failure.
 */
export function Composer({ kind, id, email }: { kind: TriageKind; id: string; email: string }) {
  const [mode, setMode] = useState<InboxMessageKind>('reply')
  const [text, setText] = useState('')
  const post = usePostMessage(kind, id)
  const form = useForm({
    schema: messageBodySchema,
    submission: post,
    onValid: ({ body }) =>
      post.mutate(
        { as: mode, body },
        {
          onSuccess: () => {
            setText('')
            toast.success(
              mode === 'reply' ? 'Reply sent' : 'Note added',
              mode === 'reply' ? `To ${email}.` : undefined,
            )
          },
        },
      ),
  })
  const reply = mode === 'reply'
  return (
    <form {...form.props} className="flex flex-col gap-3">
      <SegmentedControl
        legend="Write"
        name="mode"
        showLegend={false}
        options={MODES}
        value={mode}
        onChange={(value) => {
          setMode(value)
          form.clearErrors()
        }}
      />
      <FormField
        label={reply ? 'Your reply' : 'Note for the team'}
        hint={
          reply
            ? `E-mailed to ${email} from the business’s address, with their request quoted under it. **Bold**, *italic*, lists and links work as in product descriptions.`
            : 'Only staff see notes; they are never e-mailed.'
        }
        error={form.errors.body}
        required
      >
        <Textarea name="body" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <FormFailure
        title={reply ? 'The reply was not sent' : 'The note was not added'}
        failure={form.failure}
      />
      <div>
        <SubmitButton pending={form.pending} variant={reply ? 'primary' : 'secondary'}>
          {reply ? <Send aria-hidden="true" /> : <StickyNote aria-hidden="true" />}
          {reply ? 'Send reply' : 'Add note'}
        </SubmitButton>
      </div>
    </form>
  )
}
