// The owner's words' defaults and limits (decision 0141), without zod: the shop and home pages show
// the defaults while the words load, and their first load carries no schema library (decision 0096).

export const HOME_INTRO_MAX = 2000
export const SHOP_HEADING_MAX = 60
export const SHOP_TAGLINE_MAX = 200
export const HOME_CARDS_MAX = 4
export const HOME_CARD_TITLE_MAX = 80
export const HOME_CARD_BODY_MAX = 600

/** What a visitor sees while the owner has written nothing: the words the pages had before. */
export const DEFAULT_SHOP_HEADING = 'Shop'
export const DEFAULT_SHOP_TAGLINE = 'Our products: pay securely and download at once.'
export const defaultHomeIntro = (name: string) =>
  `${name} is our own home on the web: buy and download our products, exchange files with us in private shared folders, and reach us for a quote or a question.`
