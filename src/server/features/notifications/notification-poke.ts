import { z } from 'zod'
import { NOTIFICATION_TYPES } from '../../../shared/enums'
import type { AudienceFacts } from './notification-audience'

// What a poke on NOTIFY_CHANNEL says (notification-bus.ts). On PostgreSQL the statement that records
// a notification (notify.repository.ts) sends, with its id, the facts its audience follows from, so
// no instance has to ask the database who could see it: a JSON object, as `pokeSchema` reads it. A
// payload must stay under PostgreSQL's 8,000 bytes; when it would not (a folder with some two hundred
// members or more), the poke is the id alone and each instance asks (notificationAudience).

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
export const POKE_MAX_BYTES = 8000

const userId = z.string().min(1)
const pokeSchema = z.object({
  id: z.string().min(1),
  actor: userId.nullable(),
  forAll: z.boolean(),
  type: z.enum(NOTIFICATION_TYPES).nullable(),
  folder: z.string().nullable(),
  listed: z.array(userId),
  members: z.array(userId.nullable()),
})

/** A poke as heard: the notification's id (none: anything may have changed) and, when sent, its audience's facts. */
export interface Poke {
  id: string | undefined
  facts: AudienceFacts | null
}

export function readPoke(payload: string | undefined): Poke {
  if (!payload) return { id: undefined, facts: null }
  if (!payload.startsWith('{')) return { id: payload, facts: null }
  const parsed = pokeSchema.safeParse(parseJson(payload))
  if (!parsed.success) return { id: undefined, facts: null }
  const poke = parsed.data
  return {
    id: poke.id,
    facts: {
      actorId: poke.actor,
      forAll: poke.forAll,
      type: poke.type,
      folderId: poke.folder,
      listed: poke.listed,
      members: poke.members,
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
