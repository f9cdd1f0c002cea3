import { describe, expect, it } from 'vitest'
import { addLine, MAX_QUANTITY, parseCart, removeLines, setQuantity } from './cart-store'

const A = '0190f3c2-1111-7000-8000-000000000001'
const B = '0190f3c2-1111-7000-8000-000000000002'

describe('cart', () => {
  it('keeps only ids and whole quantities from storage, merging repeats', () => {
    const raw = JSON.stringify([
      { product_id: A, quantity: 2, price: 1 },
      { product_id: A, quantity: 1 },
      { product_id: 'not-an-id', quantity: 1 },
      { product_id: B, quantity: 1.5 },
      { product_id: B, quantity: 0 },
    ])
    expect(parseCart(raw)).toEqual([{ product_id: A, quantity: 3 }])
    expect(parseCart('{oops')).toEqual([])
    expect(parseCart(null)).toEqual([])
  })

  it('adds, changes and removes lines within limits', () => {
    let cart = addLine([], A)
    cart = addLine(cart, A, 2)
    cart = addLine(cart, B)
    expect(cart).toEqual([
      { product_id: A, quantity: 3 },
      { product_id: B, quantity: 1 },
    ])
    expect(setQuantity(cart, A, 1000)[0]!.quantity).toBe(MAX_QUANTITY)
    expect(setQuantity(cart, A, 0)).toEqual([{ product_id: B, quantity: 1 }])
    expect(removeLines(cart, [A, B])).toEqual([])
  })
})
