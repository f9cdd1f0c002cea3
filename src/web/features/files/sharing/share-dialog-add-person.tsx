import { useState } from 'react'
import type { PermissionType } from '../../../../shared/enums'
import { hasStaffFunction } from '../../../../shared/staff-functions'
import { FormField } from '../../../components/forms/field'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast-store'
import { errorMessage } from '../../../lib/api'
import { useSession } from '../../accounts/sessions/session'
import { useShareCandidates } from '../files-api'
import { type Chosen, ShareDialogCandidates } from './share-dialog-candidates'
import { ShareDialogChosen } from './share-dialog-chosen'
import { LEVEL_LABEL } from './share-levels'
import type { ShareGrants } from './use-share-grants'

/**
 * "Add someone": by their full e-mail address, or by name among the people one already shares with
 * (super users search everyone); then a level among those the caller may give, and share.
 */
export function ShareDialogAddPerson({
  folderId,
  grantable,
  grants: { grant, shareByEmail },
}: {
  folderId: string
  grantable: readonly PermissionType[]
  grants: ShareGrants
}) {
  const [q, setQ] = useState('')
  const candidates = useShareCandidates(folderId, q)
  const session = useSession()
  const searchesEveryone = hasStaffFunction(session.user, 'ManageFolders')
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [level, setLevel] = useState<PermissionType>('viewer')
  const [message, setMessage] = useState('')

  const share = async () => {
    if (!chosen) return
    const as = LEVEL_LABEL[level].toLowerCase()
    try {
      const note = message.trim() || undefined
      if (chosen.kind === 'person') {
        await grant.mutateAsync({ userId: chosen.person.id, level, message: note })
        toast({
          title: `Shared with ${chosen.person.name} as ${as}`,
          description: 'They can open it now, and we e-mailed them.',
          variant: 'success',
        })
      } else {
        await shareByEmail.mutateAsync({ email: chosen.email, level, message: note })
        // The same words whether or not the address has an account (docs/decisions/0042), and true either way.
        toast({
          title: `Shared with ${chosen.email} as ${as}`,
          description:
            'We e-mailed them. If the address has no account yet, the e-mail invites them to sign up, and the folder is theirs once they do.',
          variant: 'success',
        })
      }
      setChosen(null)
      setQ('')
      setMessage('')
    } catch (error) {
      toast({ title: 'Not shared', description: errorMessage(error), variant: 'danger' })
    }
  }

  return (
    <section aria-labelledby="share-add" className="flex flex-col gap-3">
      <h3 id="share-add" className="font-medium">
        Add someone
      </h3>
      <FormField
        label={searchesEveryone ? 'Find a person by name or e-mail' : 'E-mail address'}
        hint={
          searchesEveryone
            ? 'Type at least 2 characters.'
            : 'Type their full e-mail address. People you already share with can also be found by name.'
        }
      >
        <Input
          type="search"
          value={q}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setQ(e.target.value)
            setChosen(null)
          }}
        />
      </FormField>
      {q.trim().length >= 2 && !chosen && (
        <ShareDialogCandidates candidates={candidates} onChoose={setChosen} />
      )}
      {chosen && (
        <ShareDialogChosen
          chosen={chosen}
          grantable={grantable}
          level={level}
          onLevelChange={setLevel}
          message={message}
          onMessageChange={setMessage}
          pending={grant.isPending || shareByEmail.isPending}
          onShare={() => void share()}
        />
      )}
    </section>
  )
}
