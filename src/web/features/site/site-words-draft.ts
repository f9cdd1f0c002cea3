import type { z } from 'zod'
import type { AdminSiteWords, SavedSiteWords } from '../../../shared/contract/site'
import type { FieldErrors } from '../../components/forms/field-errors'
import { ApiError } from '../../lib/api-error'

// The owner's words form's state as typed, and its messages keyed by the contract's dotted paths
// (`homeCards.1.title`), so each card's field shows its own message.

export interface CardDraft {
  /** Stable while cards move: React's key and the fields' ids. */
  key: number
  title: string
  body: string
}

export interface WordsDraft {
  homeIntro: string
  shopHeading: string
  shopTagline: string
  /** null: the home page shows the standard cards. */
  cards: CardDraft[] | null
}

let nextKey = 0
export const newCard = (title = '', body = ''): CardDraft => ({ key: nextKey++, title, body })

export const wordsDraftOf = ({ saved }: AdminSiteWords): WordsDraft => ({
  homeIntro: saved.homeIntro,
  shopHeading: saved.shopHeading,
  shopTagline: saved.shopTagline,
  cards: saved.homeCards?.map((card) => newCard(card.title, card.body)) ?? null,
})

export const wordsOf = (draft: WordsDraft): Record<keyof SavedSiteWords, unknown> => ({
  homeIntro: draft.homeIntro,
  shopHeading: draft.shopHeading,
  shopTagline: draft.shopTagline,
  homeCards: draft.cards?.map(({ title, body }) => ({ title, body })) ?? null,
})

/** One message per dotted path from the contract's check. */
export function checkErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) errors[issue.path.map(String).join('.') || '_form'] ??= issue.message
  return errors
}

/** The server's 422 messages per dotted path (the body's own paths, as the contract names them). */
export function serverErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {}
  const errors: FieldErrors = {}
  for (const [path, messages] of Object.entries(error.fieldErrors)) {
    if (messages.length > 0) errors[path.replace(/^body\./, '')] = messages.join(' ')
  }
  return errors
}

/** A card moved one place up (-1) or down (+1). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list]
  const [item] = next.splice(index, 1)
  if (item !== undefined) next.splice(index + by, 0, item)
  return next
}
