import { createHmac } from 'node:crypto'

// How the emulator delivers events: signed like Paystack (x-paystack-signature = HMAC-SHA512 of the
// raw body with the secret key, hex), retried when the receiver does not answer 2xx, and bent by the
// test controls (delay, duplicate, drop, hold and release in another order, sign badly).

export interface WebhookControls {
  /** Wait this long before the first attempt of each delivery. */
  delayMs: number
  /** Extra copies of every event (0 = each event once). */
  duplicates: number
  /** Events are recorded but never sent. */
  drop: boolean
  /** Events wait in a queue until release() (to deliver late, or in another order). */
  hold: boolean
  /** Sign with the wrong key. */
  badSignature: boolean
}

export interface Delivery {
  event: string
  body: string
  attempts: number
  lastStatus: number | null
  delivered: boolean
}

export interface WebhookSenderOptions {
  secretKey: string
  url: () => string | undefined
  /** Waits between attempts after a failure; the number of entries is the number of retries. */
  retryDelaysMs: readonly number[]
  fetch?: typeof fetch
}

export function signWebhook(secretKey: string, body: string): string {
  return createHmac('sha512', secretKey).update(body, 'utf8').digest('hex')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function createWebhookSender(options: WebhookSenderOptions) {
  const controls: WebhookControls = {
    delayMs: 0,
    duplicates: 0,
    drop: false,
    hold: false,
    badSignature: false,
  }
  const held: { event: string; data: unknown }[] = []
  const deliveries: Delivery[] = []
  const inFlight = new Set<Promise<void>>()
  const doFetch = options.fetch ?? fetch

  async function attempt(delivery: Delivery, signature: string): Promise<void> {
    const url = options.url()
    if (!url) return
    for (let i = 0; i <= options.retryDelaysMs.length; i++) {
      if (i > 0) await sleep(options.retryDelaysMs[i - 1] ?? 0)
      delivery.attempts++
      try {
        const res = await doFetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-paystack-signature': signature },
          body: delivery.body,
        })
        delivery.lastStatus = res.status
        await res.arrayBuffer().catch(() => undefined)
        if (res.ok) {
          delivery.delivered = true
          return
        }
      } catch {
        delivery.lastStatus = null
      }
    }
  }

  function send(event: string, data: unknown): void {
    const body = JSON.stringify({ event, data })
    const signature = signWebhook(
      controls.badSignature ? `${options.secretKey}-wrong` : options.secretKey,
      body,
    )
    for (let copy = 0; copy <= controls.duplicates; copy++) {
      const delivery: Delivery = { event, body, attempts: 0, lastStatus: null, delivered: false }
      deliveries.push(delivery)
      if (controls.drop) continue
      const delay = controls.delayMs
      const task = (async () => {
        if (delay > 0) await sleep(delay)
        await attempt(delivery, signature)
      })()
      inFlight.add(task)
      void task.finally(() => inFlight.delete(task))
    }
  }

  return {
    controls,
    deliveries,
    emit(event: string, data: unknown): void {
      if (controls.hold) held.push({ event, data })
      else send(event, data)
    },
    /** Sends the held events, oldest first or (reverse) newest first. */
    release(order: 'oldest-first' | 'newest-first' = 'oldest-first'): void {
      const batch = held.splice(0, held.length)
      if (order === 'newest-first') batch.reverse()
      for (const item of batch) send(item.event, item.data)
    },
    heldCount: () => held.length,
    /** Resolves when every delivery started so far has finished (delivered or out of retries). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}

export type WebhookSender = ReturnType<typeof createWebhookSender>
