// Intl formatters, built once per locale and options and then reused. Building one is the costly
// part: the locale's data is looked up and resolved (in Node, 0.1 ms for a currency formatter once ICU
// is loaded, and 20-30 ms for the first Intl object of the process); formatting with one is cheap. The
// storefront's grid used to build two formatters for every price it showed.
// The cache is bounded: the keys come from the few locales, currencies and time zones in use, and
// anything beyond that only costs a rebuild.

const MAX_ENTRIES = 64

function cached<F, O extends object>(
  cache: Map<string, F>,
  build: (locale: string | undefined, options: O) => F,
): (locale: string | undefined, options: O) => F {
  return (locale, options) => {
    const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`
    let formatter = cache.get(key)
    if (!formatter) {
      if (cache.size >= MAX_ENTRIES) cache.clear()
      formatter = build(locale, options)
      cache.set(key, formatter)
    }
    return formatter
  }
}

/** `new Intl.NumberFormat(locale, options)`, shared. */
export const numberFormat = cached(
  new Map<string, Intl.NumberFormat>(),
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
)

/** `new Intl.DateTimeFormat(locale, options)`, shared. */
export const dateTimeFormat = cached(
  new Map<string, Intl.DateTimeFormat>(),
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
)
