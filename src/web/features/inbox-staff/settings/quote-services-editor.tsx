import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '../../../components/forms/field'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { UserSection } from '../../admin/user-section'
import { addService, moveService, removeService } from './services-list'

/** The quote form's services, in order: move, remove, and add one by name. */
export function QuoteServicesEditor({
  services,
  onChange,
  error,
}: {
  services: string[]
  onChange: (services: string[]) => void
  /** The server's message about the list. */
  error: string | undefined
}) {
  const [newService, setNewService] = useState('')
  const [addError, setAddError] = useState<string>()

  const add = () => {
    const result = addService(services, newService)
    setAddError(result.error)
    if (!result.error) {
      onChange(result.list)
      setNewService('')
    }
  }

  return (
    <UserSection title="Services on the quote form">
      <p className="text-sm text-fg-muted">
        Visitors choose one of these when they ask for a quote, in this order. With none, the form does not
        ask.
      </p>
      {services.length === 0 ? (
        <p className="text-sm text-fg-muted italic">No services listed.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
          {services.map((service, index) => (
            <li key={service} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="flex-1 text-fg">{service}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${service} up`}
                disabled={index === 0}
                onClick={() => onChange(moveService(services, index, -1))}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Move ${service} down`}
                disabled={index === services.length - 1}
                onClick={() => onChange(moveService(services, index, 1))}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${service}`}
                onClick={() => onChange(removeService(services, index))}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex items-end gap-2">
        <FormField label="New service" error={addError ?? error} className="flex-1">
          <Input
            value={newService}
            maxLength={100}
            onChange={(event) => setNewService(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the service rather than saving the whole form.
              if (event.key === 'Enter') {
                event.preventDefault()
                add()
              }
            }}
          />
        </FormField>
        <Button variant="secondary" onClick={add} className={addError || error ? 'mb-7' : undefined}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </UserSection>
  )
}
