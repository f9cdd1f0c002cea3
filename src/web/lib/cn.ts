/** A class value that may be switched off with `cond && 'class'`. */
export type ClassValue = string | false | null | undefined | 0

/**
 * Joins class names, dropping falsy parts. Deliberately not a Tailwind merger: when a caller passes a
 * class that conflicts with a component's own, CSS order decides, so components keep their defaults
 * to properties callers rarely override and callers add rather than replace.
 */
export function cn(...parts: ClassValue[]): string {
  return parts.filter(Boolean).join(' ')
}
