// How big the scale benchmark's Depot is, from one number (its files), and the clock its rows are
// dated by: two years from 2024-01-01, spread evenly over each table (seed-large.ts).

export interface LargeSizes {
  files: number
  users: number
  quotes: number
  contacts: number
  ebooks: number
  products: number
  orders: number
}

export function largeSizes(files: number): LargeSizes {
  return {
    files,
    users: Math.max(100, Math.round(files / 10)),
    quotes: files,
    contacts: Math.round(files / 10),
    ebooks: Math.round(files / 10),
    products: Math.max(10, Math.round(files / 100)),
    orders: Math.round(files / 5),
  }
}

export const BASE_MS = Date.UTC(2024, 0, 1)
export const SPAN_MS = 700 * 86_400_000

export const stamp = (i: number, n: number) =>
  new Date(BASE_MS + Math.floor((i * SPAN_MS) / Math.max(1, n))).toISOString()
export const pad7 = (i: number) => String(i).padStart(7, '0')
