import { useMutation } from '@tanstack/react-query'
import { CreditCard } from 'lucide-react'
import { Link } from 'react-router'
import {
  type GuestCheckoutInput,
  guestCheckoutInputSchema,
} from '../../../../shared/contract/shop/guest-checkout'
import { signInLink } from '../../../components/auth/sign-in-link'
import { FormField } from '../../../components/forms/field'
import { FormFailure } from '../../../components/forms/form-failure'
import { SubmitButton } from '../../../components/forms/submit-button'
import { useForm } from '../../../components/forms/use-form'
import { Input } from '../../../components/ui/input'
import { startGuestCheckout } from '../checkout/start-checkout'
import type { CartLine } from './cart-store'

/**
 * Buying without an account (docs/decisions/0140): one screen, the e-mail address and Pay, which opens
 * the card checkout. The receipt goes to the address, with a link to the order.
 */
export function GuestCheckoutForm({ lines, canPay }: { lines: readonly CartLine[]; canPay: boolean }) {
  const items = lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }))
  const pay = useMutation({
    mutationFn: (input: GuestCheckoutInput) => startGuestCheckout(input.email, input.items),
  })
  const form = useForm({
    schema: guestCheckoutInputSchema,
    submission: pay,
    onValid: (data) => pay.mutate(data),
    extra: { items },
  })
  return (
    <form {...form.props} className="flex flex-col gap-3" aria-label="Checkout">
      <FormField
        label="E-mail address"
        error={form.errors.email}
        hint="Your receipt and downloads go to this address."
        required
      >
        <Input name="email" type="email" autoComplete="email" inputMode="email" />
      </FormField>
      <FormFailure title="Checkout did not start" failure={form.failure} />
      <SubmitButton pending={form.pending} disabled={!canPay}>
        <CreditCard aria-hidden="true" />
        Pay
      </SubmitButton>
      <p className="text-sm text-fg-muted">
        Have an account?{' '}
        <Link to={signInLink('/cart')} className="underline underline-offset-2">
          Sign in
        </Link>{' '}
        to use a discount code and keep your orders together.
      </p>
    </form>
  )
}
