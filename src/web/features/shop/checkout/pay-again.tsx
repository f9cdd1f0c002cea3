import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api'
import { payOrderAgain } from './start-checkout'

/** Paying an unpaid order again (its transaction reopened): whether it is opening, and why it could not. */
export function usePayAgain(orderId: string) {
  const [paying, setPaying] = useState(false)
  const [error, setError] = useState<string>()
  const pay = () => {
    setPaying(true)
    setError(undefined)
    payOrderAgain(orderId)
      .catch((failure: unknown) => setError(errorMessage(failure)))
      .finally(() => setPaying(false))
  }
  return { paying, error, pay }
}

export type PayAgain = ReturnType<typeof usePayAgain>

/** The button that pays an order again; it waits while the payment opens. */
export function PayAgainButton({ payAgain, label }: { payAgain: PayAgain; label: string }) {
  return (
    <Button disabled={payAgain.paying} onClick={payAgain.pay}>
      {payAgain.paying ? 'Opening…' : label}
    </Button>
  )
}

/** Why the payment could not be opened, while it could not. */
export function PayAgainFailure({ payAgain }: { payAgain: PayAgain }) {
  return payAgain.error ? (
    <Alert variant="danger" title="Could not open the payment">
      {payAgain.error}
    </Alert>
  ) : null
}
