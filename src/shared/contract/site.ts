import { z } from 'zod'
import { HEX_COLOUR } from '../color'
import {
  HOME_CARD_BODY_MAX,
  HOME_CARD_TITLE_MAX,
  HOME_CARDS_MAX,
  HOME_INTRO_MAX,
  SHOP_HEADING_MAX,
  SHOP_TAGLINE_MAX,
} from '../site-words'

// The site identity: the business behind this Depot, as admins set it in the app (decision 0069).
// The web shows it in the header, footer, titles and favicon; e-mails and receipts carry it.

export const SITE_NAME_MAX = 100
export const SITE_DESCRIPTION_MAX = 300
export const SITE_ADDRESS_MAX = 500
export const TAX_NUMBER_MAX = 50

/** A tax or VAT number as printed on invoices: letters, digits, spaces and - . / only. */
export const taxNumberField = z
  .string()
  .trim()
  .max(TAX_NUMBER_MAX, `Keep the tax number under ${TAX_NUMBER_MAX} characters`)
  .refine((v) => /^[\p{L}\p{N} ./-]*$/u.test(v), 'Use letters, digits, spaces, dots, dashes and slashes only')

/** Whether `zone` is an IANA time zone this runtime knows (e.g. Africa/Lagos, Europe/Berlin, UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.length > 0
  } catch {
    return false
  }
}

/** The business's time zone: the dashboard counts its days, weeks and months in it. */
export const timeZoneField = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .max(64, 'Choose a time zone from the list')
  .refine(isTimeZone, 'Choose a time zone from the list, like Africa/Lagos')

const name = z
  .string({ error: 'Enter the business name' })
  .trim()
  .min(1, 'Enter the business name')
  .max(SITE_NAME_MAX, `Keep the name under ${SITE_NAME_MAX} characters`)

/** What an admin saves (all fields, as the form sends them). Empty optional fields mean "none". */
export const siteIdentityUpdateSchema = z
  .object({
    name,
    description: z
      .string()
      .trim()
      .max(SITE_DESCRIPTION_MAX, `Keep the description under ${SITE_DESCRIPTION_MAX} characters`)
      .default(''),
    address: z
      .string()
      .trim()
      .max(SITE_ADDRESS_MAX, `Keep the address under ${SITE_ADDRESS_MAX} characters`)
      .refine((v) => v.split(/\r?\n/).length <= 6, 'Use at most 6 lines')
      .default(''),
    supportEmail: z
      .string()
      .trim()
      .max(254, 'That address is too long')
      .refine(
        (v) => v === '' || z.email().safeParse(v).success,
        'Enter a valid e-mail address, or leave it empty',
      )
      .default(''),
    accentColor: z
      .string({ error: 'Choose an accent colour' })
      .trim()
      .regex(HEX_COLOUR, 'Use a colour like #4338ca (# and six hexadecimal digits)')
      .transform((v) => v.toLowerCase()),
    /** The business's tax or VAT number, printed on invoices; '' for none. */
    taxNumber: taxNumberField.default(''),
    /** "Prices include VAT at n %": invoices show the VAT within each total; null for none. */
    vatPercent: z
      .number({ error: 'Enter the VAT rate as a number, e.g. 7.5' })
      .min(0.01, 'Enter a rate above 0, or leave it empty')
      .max(100, 'Enter a rate of at most 100 %')
      .refine((v) => Math.round(v * 100) === v * 100, 'Use at most two decimals')
      .nullable()
      .default(null),
    /** Left out, the time zone stays as it is (new sites start with the server's). */
    timeZone: timeZoneField.optional(),
  })
  .meta({ id: 'SiteIdentityUpdate' })
export type SiteIdentityUpdate = z.input<typeof siteIdentityUpdateSchema>

/** What everyone reads (GET /api/site). */
export const siteIdentitySchema = z
  .object({
    name: z.string(),
    description: z.string(),
    /** The postal address, lines separated by \n; '' when none is configured. */
    address: z.string(),
    supportEmail: z.string().nullable(),
    accentColor: z.string(),
    /** Printed on invoices; '' when none is set. */
    taxNumber: z.string(),
    /** Prices include VAT at this rate (percent); null when they do not. */
    vatPercent: z.number().nullable(),
    /** The business's IANA time zone (the server's until an admin chooses one). */
    timeZone: z.string(),
    /** Versioned URLs (a new upload is a new URL), or null when none is uploaded. */
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
  })
  .meta({ id: 'SiteIdentity' })
export type SiteIdentity = z.infer<typeof siteIdentitySchema>

/** What admins read: the identity, whether it was ever saved, and what still needs their attention. */
export const adminSiteIdentitySchema = siteIdentitySchema
  .extend({
    /** False while the identity still comes from BUSINESS_NAME/BUSINESS_ADDRESS. */
    saved: z.boolean(),
    warnings: z.array(z.string()),
    /** Who e-mails come from: the business's name over MAIL_FROM's address. */
    mailSender: z.object({ name: z.string(), address: z.string() }),
  })
  .meta({ id: 'AdminSiteIdentity' })
export type AdminSiteIdentity = z.infer<typeof adminSiteIdentitySchema>

/** The answer to "send a test e-mail": where it went (the admin's own address). */
export const siteTestEmailSchema = z.object({ to: z.string() }).meta({ id: 'SiteTestEmail' })
export type SiteTestEmail = z.infer<typeof siteTestEmailSchema>

export const SITE_IMAGES = ['logo', 'favicon'] as const
export type SiteImage = (typeof SITE_IMAGES)[number]
export const siteImageParamsSchema = z.object({ image: z.enum(SITE_IMAGES) })

export const SITE_IMAGE_MAX_BYTES = 5 * 1024 * 1024
export const SITE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const

export const MISSING_ADDRESS_WARNING =
  'No postal address is set, so e-mails go out without one. Many countries require a sender’s postal address in commercial e-mail.'

// The owner's words: the home page's intro and cards, the shop's heading and tagline (decision 0141).
// Kept apart from the identity: the frame of every page reads the identity, only home and shop these.

const oneLine = (what: string, max: number) =>
  z
    .string({ error: `Enter the ${what} as text` })
    .trim()
    .max(max, `Keep the ${what} under ${max} characters`)
    .refine((v) => !/[\r\n]/.test(v), `Keep the ${what} on one line`)

export const homeCardSchema = z.object({
  title: oneLine('card’s title', HOME_CARD_TITLE_MAX).refine((v) => v.length > 0, 'Give the card a title'),
  /** Markdown (the product descriptions' safe subset). */
  body: z
    .string({ error: 'Enter the card’s text' })
    .trim()
    .max(HOME_CARD_BODY_MAX, `Keep the card’s text under ${HOME_CARD_BODY_MAX} characters`)
    .default(''),
})
export type HomeCard = z.output<typeof homeCardSchema>

/** What an admin saves. Empty texts mean "the default"; no cards (null) means the standard ones. */
export const siteWordsUpdateSchema = z
  .object({
    /** Markdown. */
    homeIntro: z
      .string({ error: 'Enter the intro as text' })
      .trim()
      .max(HOME_INTRO_MAX, `Keep the intro under ${HOME_INTRO_MAX} characters`)
      .default(''),
    shopHeading: oneLine('shop’s heading', SHOP_HEADING_MAX).default(''),
    shopTagline: oneLine('tagline', SHOP_TAGLINE_MAX).default(''),
    homeCards: z
      .array(homeCardSchema, { error: 'Send the cards as a list' })
      .max(HOME_CARDS_MAX, `Use at most ${HOME_CARDS_MAX} cards`)
      .nullable()
      .default(null),
  })
  .meta({ id: 'SiteWordsUpdate' })
export type SiteWordsUpdate = z.input<typeof siteWordsUpdateSchema>
export type SavedSiteWords = z.output<typeof siteWordsUpdateSchema>

/** What visitors read (GET /api/site/words): the words as shown, defaults filled in. */
export const siteWordsSchema = z
  .object({
    homeIntro: z.string(),
    shopHeading: z.string(),
    shopTagline: z.string(),
    /** The owner's cards, in order; null while the home page shows the standard cards (its areas). */
    homeCards: z.array(z.object({ title: z.string(), body: z.string() })).nullable(),
  })
  .meta({ id: 'SiteWords' })
export type SiteWords = z.infer<typeof siteWordsSchema>

/** What admins read: what they saved ('' for a default) and the defaults the pages show instead. */
export const adminSiteWordsSchema = z
  .object({
    saved: z.object({
      homeIntro: z.string(),
      shopHeading: z.string(),
      shopTagline: z.string(),
      homeCards: z.array(z.object({ title: z.string(), body: z.string() })).nullable(),
    }),
    defaults: z.object({ homeIntro: z.string(), shopHeading: z.string(), shopTagline: z.string() }),
  })
  .meta({ id: 'AdminSiteWords' })
export type AdminSiteWords = z.infer<typeof adminSiteWordsSchema>
