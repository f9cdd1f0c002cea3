// Readable product URLs: a slug made from the product's name, e.g. "Design guide (2nd ed.)" →
// "design-guide-2nd-ed". Letters lose their accents, anything else becomes one hyphen.

export const SLUG_MAX = 80

/** The slug a name suggests; "product" when nothing readable is left (a name of symbols only). */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '')
  return slug === '' ? 'product' : slug
}

/** Whether a path segment is a product id (a UUID) rather than a slug. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}

/**
 * The first of `base`, `base-2`, `base-3`… that is not in `taken`. Slugs of the form `<base>-<n>` are
 * all a caller needs to pass.
 */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, SLUG_MAX - String(n).length - 1)}-${n}`
    if (!taken.has(candidate)) return candidate
  }
}
