import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { type DiscountPreview, discountPreviewSchema } from '../../../../shared/contract/shop/discounts'
import { api } from '../../../lib/api'
import type { CartLine } from './cart-store'

// The cart's discount code: the code the buyer applied, and the server's figures for it on the cart's
// lines as they are now (asked again when the lines change). Nothing is computed here.

export function useDiscountCode(lines: readonly CartLine[]) {
  const [code, setCode] = useState<string>()
  const items = lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }))
  const preview = useQuery<DiscountPreview>({
    queryKey: ['discount-preview', code, items],
    queryFn: () =>
      api.post('/api/shop/discounts/preview', { code, items }, { schema: discountPreviewSchema }),
    enabled: Boolean(code) && items.length > 0,
    retry: false,
  })
  return {
    code,
    apply: (typed: string) => setCode(typed.trim() || undefined),
    remove: () => setCode(undefined),
    preview,
    /** The code to send with the checkout: only one the server said applies. */
    applied: preview.data ? code : undefined,
  }
}

export type DiscountCodeState = ReturnType<typeof useDiscountCode>
