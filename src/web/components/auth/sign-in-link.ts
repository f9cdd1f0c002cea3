import { SIGN_IN_PATH } from '../layout/nav-items'

/** The sign-in page, coming back to `here` (a path with its query string) afterwards. */
export function signInLink(here: string): string {
  return `${SIGN_IN_PATH}?${new URLSearchParams({ callbackUrl: here }).toString()}`
}
