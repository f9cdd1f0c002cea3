import type { Migration } from 'kysely'
import * as m0001 from './0001-initial'

/**
 * Every migration, in order. A static list (not a folder scan) so the bundled server carries them.
 * Add new files here; never edit or reorder one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
}
