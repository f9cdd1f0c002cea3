import type { Deliverable } from '../../../../shared/contract/shop/orders'
import type { Env } from '../../../env'
import { signingKey, signToken, verifyToken } from '../../../lib/signed-token'
import type { OrderLineRow } from './orders.repository'

// What a paid order delivers: the file its line took at payment (docs/decisions/0049) through an
// expiring signed link (docs/decisions/0033), or else the product's external link. The link names the order and the product; the download route
// checks the order is still paid each time, so a refund takes access away even from links already
// handed out.

const PURPOSE = 'shop-download-v1'
export const DOWNLOAD_PATH = '/api/shop/downloads/'

export interface DownloadClaim {
  orderId: string
  productId: string
  expiresAt: number
}

export function downloadToken(env: Pick<Env, 'authSecret'>, claim: DownloadClaim): string {
  return signToken(signingKey(env.authSecret ?? '', PURPOSE), {
    o: claim.orderId,
    p: claim.productId,
    e: claim.expiresAt,
  })
}

/** The claim of a valid, unexpired token; undefined otherwise. */
export function readDownloadToken(
  env: Pick<Env, 'authSecret'>,
  token: string,
  now: Date,
): DownloadClaim | undefined {
  const payload = verifyToken(signingKey(env.authSecret ?? '', PURPOSE), token)
  if (
    !payload ||
    typeof payload.o !== 'string' ||
    typeof payload.p !== 'string' ||
    typeof payload.e !== 'number'
  )
    return undefined
  if (payload.e <= now.getTime()) return undefined
  return { orderId: payload.o, productId: payload.p, expiresAt: payload.e }
}

export function deliverablesOf(
  env: Pick<Env, 'authSecret' | 'authUrl'>,
  orderId: string,
  lines: readonly OrderLineRow[],
  now: Date,
  ttlMs: number,
): Deliverable[] {
  const out: Deliverable[] = []
  for (const line of lines) {
    // The file the order bought comes first: its product may have changed to a link since.
    if (line.deliveryPath) {
      const expiresAt = now.getTime() + ttlMs
      const token = downloadToken(env, { orderId, productId: line.product_id, expiresAt })
      out.push({
        product_id: line.product_id,
        name: line.name,
        kind: 'file',
        url: `${env.authUrl.origin}${DOWNLOAD_PATH}${token}`,
        file_name: line.deliveryFileName,
        expires_at: new Date(expiresAt).toISOString(),
      })
    } else if (line.product_url) {
      out.push({
        product_id: line.product_id,
        name: line.name,
        kind: 'link',
        url: line.product_url,
        file_name: null,
        expires_at: null,
      })
    }
  }
  return out
}
