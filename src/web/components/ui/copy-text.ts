import { toast } from './toast-store'

/**
 * Puts text on the clipboard and says whether it worked: navigator.clipboard is absent outside secure
 * contexts and may be refused, and a "copied" toast for text that was not copied would mislead.
 */
export async function copyText(text: string, copied: string, selectHint: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(copied)
    return true
  } catch {
    toast.error('Could not copy', `Your browser did not allow this page to use the clipboard. ${selectHint}`)
    return false
  }
}
