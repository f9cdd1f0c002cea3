import { Send } from 'lucide-react'
import { useState } from 'react'
import { messageBodySchema } from '../../../../shared/contract/inbox-conversations'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast-store'
import { type RequestKind, useAnswerRequest } from './my-requests-api'

/**
 * The customer's answer to one of their requests. It joins the thread (and reopens a resolved
 * request); the text stays in the box until the server has it, so nothing typed is lost on a failure.
 */
export function AnswerForm({ kind, id, resolved }: { kind: RequestKind; id: string; resolved: boolean }) {
  const [text, setText] = useState('')
  const answer = useAnswerRequest(kind, id)
  const form = useForm({
    schema: messageBodySchema,
    submission: answer,
    onValid: ({ body }) =>
      answer.mutate(body, {
        onSuccess: () => {
          setText('')
          toast.success('Answer sent', 'We will read it and reply.')
        },
      }),
  })
  return (
    <form {...form.props} className="flex flex-col gap-3">
      <FormField
        label="Your answer"
        hint={
          resolved
            ? 'This request is resolved; answering opens it again.'
            : 'We see it in the same conversation. You can also answer our e-mails.'
        }
        error={form.errors.body}
        required
      >
        <Textarea name="body" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </FormField>
      <FormFailure title="Your answer was not sent" failure={form.failure} />
      <div>
        <SubmitButton pending={form.pending}>
          <Send aria-hidden="true" />
          Send answer
        </SubmitButton>
      </div>
    </form>
  )
}
