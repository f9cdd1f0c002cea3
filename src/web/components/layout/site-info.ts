// The business behind this Depot. Placeholders until the operator's details are configurable
// (the same name and address go in every e-mail footer, product.md §7).
export const SITE = {
  name: 'Depot',
  tagline: 'Our shop, shared folders and contact desk, in one place.',
  addressLines: ['1 Example Street', 'City, Country'],
} as const
