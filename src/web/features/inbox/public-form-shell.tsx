import type { ReactNode } from 'react'
import { SubmitButton } from '../../components/forms/submit-button'
import { Button } from '../../components/ui/button'
import { FormProblem } from './form-problem'
import { HoneypotField } from './honeypot-field'
import type { PublicFormState } from './use-public-form'

/**
 * The frame every public form shares: the fields it is given, the honeypot, the problem that is not
 * about one field, and the submit button (busy while the form opens and while it sends).
 */
export function PublicFormShell<F extends string>({
  state,
  label,
  submitLabel,
  children,
}: {
  state: PublicFormState<F>
  /** The form's accessible name. */
  label: string
  submitLabel: string
  children: ReactNode
}) {
  const { setup } = state
  return (
    <form
      aria-label={label}
      className="relative flex flex-col gap-5 rounded-lg border border-border bg-surface p-5 shadow-sm sm:p-6"
      {...state.formProps}
    >
      {/* The page is readable without scripts (the server renders it); sending it is not. */}
      <noscript>
        <p className="rounded-md border border-border bg-surface-muted p-3 text-sm text-fg">
          This form needs JavaScript to send. Please enable it in your browser and reload the page.
        </p>
      </noscript>
      <p className="text-sm text-fg-muted">
        Fields marked <span className="text-danger-text">*</span> are required.
      </p>
      {children}
      <HoneypotField {...state.honeypot} />
      {setup.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger-text">
          <span>This form could not be prepared. Check your connection and try again.</span>
          <Button size="sm" variant="secondary" onClick={() => void setup.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {state.formProblem && <FormProblem error={state.formProblem} />}
      <div>
        <SubmitButton size="lg" pending={state.submitting || setup.isPending} disabled={setup.isError}>
          {state.submitting ? 'Sending…' : submitLabel}
        </SubmitButton>
      </div>
    </form>
  )
}
