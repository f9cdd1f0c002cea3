import type { Env } from '../../env'
import type { Brand } from '../mail'

/** Who the e-mails come from, as the templates need it. */
export function brandOf(env: Pick<Env, 'business' | 'authUrl'>): Brand {
  return { name: env.business.name, address: env.business.address, baseUrl: env.authUrl.origin }
}
