import { ArrowDown, ArrowUp, Plus, RotateCcw, Trash2 } from 'lucide-react'
import { HOME_CARD_BODY_MAX, HOME_CARD_TITLE_MAX, HOME_CARDS_MAX } from '../../../shared/site-words'
import { FormField } from '../../components/forms/field'
import type { FieldErrors } from '../../components/forms/field-errors'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { type CardDraft, moved, newCard } from './site-words-draft'

// The home page's cards: the standard ones (the site's areas) until the owner writes their own, then up
// to four, each a title and a few lines of Markdown, moved up and down or removed.

const MARKDOWN = 'Markdown: **bold**, *italic*, [a link](https://…), lists with -.'

export function HomeCardsFields({
  cards,
  onCards,
  errors,
}: {
  cards: CardDraft[] | null
  onCards: (cards: CardDraft[] | null) => void
  errors: FieldErrors
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1.5 text-base font-semibold text-fg">Home page cards</legend>
      {cards === null ? (
        <>
          <p className="text-sm text-fg-muted">
            The home page shows the standard cards: Shop, Files and Contact, each a link to its page.
          </p>
          <div>
            <Button type="button" variant="secondary" onClick={() => onCards([newCard()])}>
              <Plus aria-hidden="true" />
              Write your own cards
            </Button>
          </div>
        </>
      ) : (
        <OwnCards cards={cards} onCards={onCards} errors={errors} />
      )}
      {errors.homeCards && <p className="text-sm font-medium text-danger-text">{errors.homeCards}</p>}
    </fieldset>
  )
}

function OwnCards({
  cards,
  onCards,
  errors,
}: {
  cards: CardDraft[]
  onCards: (cards: CardDraft[] | null) => void
  errors: FieldErrors
}) {
  const change = (index: number, part: Partial<CardDraft>) =>
    onCards(cards.map((card, i) => (i === index ? { ...card, ...part } : card)))
  return (
    <>
      {cards.length === 0 && <p className="text-sm text-fg-muted">No cards: the home page shows none.</p>}
      <ol className="flex flex-col gap-4">
        {cards.map((card, index) => (
          <li key={card.key} className="flex flex-col gap-3 rounded-md border border-border p-4">
            <FormField label={`Card ${index + 1} title`} error={errors[`homeCards.${index}.title`]} required>
              <Input
                value={card.title}
                maxLength={HOME_CARD_TITLE_MAX}
                onChange={(e) => change(index, { title: e.currentTarget.value })}
              />
            </FormField>
            <FormField
              label={`Card ${index + 1} text`}
              error={errors[`homeCards.${index}.body`]}
              hint={MARKDOWN}
            >
              <Textarea
                rows={3}
                value={card.body}
                maxLength={HOME_CARD_BODY_MAX}
                onChange={(e) => change(index, { body: e.currentTarget.value })}
              />
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={index === 0}
                onClick={() => onCards(moved(cards, index, -1))}
              >
                <ArrowUp aria-hidden="true" />
                Move up<span className="sr-only"> card {index + 1}</span>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={index === cards.length - 1}
                onClick={() => onCards(moved(cards, index, 1))}
              >
                <ArrowDown aria-hidden="true" />
                Move down<span className="sr-only"> card {index + 1}</span>
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                onClick={() => onCards(cards.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden="true" />
                Remove<span className="sr-only"> card {index + 1}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          disabled={cards.length >= HOME_CARDS_MAX}
          onClick={() => onCards([...cards, newCard()])}
        >
          <Plus aria-hidden="true" />
          Add a card
        </Button>
        <Button type="button" variant="ghost" onClick={() => onCards(null)}>
          <RotateCcw aria-hidden="true" />
          Use the standard cards
        </Button>
      </div>
      {cards.length >= HOME_CARDS_MAX && (
        <p className="text-sm text-fg-muted">Up to {HOME_CARDS_MAX} cards: remove one to add another.</p>
      )}
    </>
  )
}
