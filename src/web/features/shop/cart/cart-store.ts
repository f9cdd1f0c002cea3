import { useSyncExternalStore } from 'react'

// The cart (product.md §3): it survives reloads because it lives in localStorage, and it holds only
// product ids and quantities. Prices, names and whether a product is still for sale are fetched
// fresh from the server whenever the cart is shown; the server prices the order at checkout.

export const CART_STORAGE_KEY = 'depot.cart.v1'
export const MAX_QUANTITY = 99
export const MAX_LINES = 100

export interface CartLine {
  product_id: string
  quantity: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whatever is stored (another version, a hand edit) becomes a valid cart: bad lines are dropped. */
export function parseCart(raw: string | null): CartLine[] {
  if (!raw) return []
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(data)) return []
  const lines = new Map<string, number>()
  for (const item of data) {
    const id = (item as { product_id?: unknown })?.product_id
    const quantity = (item as { quantity?: unknown })?.quantity
    if (typeof id !== 'string' || !UUID.test(id)) continue
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue
    lines.set(id, Math.min(MAX_QUANTITY, (lines.get(id) ?? 0) + quantity))
  }
  return [...lines].slice(0, MAX_LINES).map(([product_id, quantity]) => ({ product_id, quantity }))
}

export function addLine(cart: readonly CartLine[], productId: string, quantity = 1): CartLine[] {
  const existing = cart.find((l) => l.product_id === productId)
  if (existing) return setQuantity(cart, productId, existing.quantity + quantity)
  if (cart.length >= MAX_LINES) return [...cart]
  return [...cart, { product_id: productId, quantity: Math.min(MAX_QUANTITY, Math.max(1, quantity)) }]
}

export function setQuantity(cart: readonly CartLine[], productId: string, quantity: number): CartLine[] {
  if (quantity < 1) return removeLines(cart, [productId])
  return cart.map((l) =>
    l.product_id === productId ? { ...l, quantity: Math.min(MAX_QUANTITY, Math.floor(quantity)) } : l,
  )
}

export function removeLines(cart: readonly CartLine[], productIds: readonly string[]): CartLine[] {
  const gone = new Set(productIds)
  return cart.filter((l) => !gone.has(l.product_id))
}

// One snapshot per stored string, so useSyncExternalStore sees a stable value between changes.
let cachedRaw: string | null | undefined
let cachedCart: CartLine[] = []
const listeners = new Set<() => void>()

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined // storage blocked (privacy settings): the cart lives only in this page
  }
}

let memory: string | null = null
function readRaw(): string | null {
  const store = storage()
  return store ? store.getItem(CART_STORAGE_KEY) : memory
}

export function readCart(): CartLine[] {
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedCart = parseCart(raw)
  }
  return cachedCart
}

export function writeCart(cart: readonly CartLine[]): void {
  const raw = JSON.stringify(cart)
  const store = storage()
  try {
    if (store) store.setItem(CART_STORAGE_KEY, raw)
    else memory = raw
  } catch {
    memory = raw
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab changed the cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useCart() {
  const cart = useSyncExternalStore(subscribe, readCart, () => [] as CartLine[])
  return {
    lines: cart,
    count: cart.reduce((sum, l) => sum + l.quantity, 0),
    add: (productId: string, quantity = 1) => writeCart(addLine(readCart(), productId, quantity)),
    setQuantity: (productId: string, quantity: number) =>
      writeCart(setQuantity(readCart(), productId, quantity)),
    remove: (productIds: readonly string[]) => writeCart(removeLines(readCart(), productIds)),
    clear: () => writeCart([]),
  }
}
