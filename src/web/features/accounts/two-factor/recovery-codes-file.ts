/** The recovery codes as a text file a person keeps: whose they are, where they work, one code a line. */
export function recoveryCodesText(siteName: string, codes: readonly string[], madeAt: Date): string {
  return [
    `${siteName || 'Your account'}: two-factor sign-in recovery codes`,
    `Made ${madeAt.toISOString().slice(0, 10)}. Each code signs you in once. Keep this file somewhere safe.`,
    '',
    ...codes,
    '',
  ].join('\n')
}

/** `<site>-recovery-codes.txt`, safe as a file name. */
export function recoveryCodesFileName(siteName: string): string {
  const site =
    siteName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'account'
  return `${site}-recovery-codes.txt`
}

/** Saves the codes as a text file through a temporary link (they are already in the page). */
export function downloadRecoveryCodes(siteName: string, codes: readonly string[]): void {
  const blob = new Blob([recoveryCodesText(siteName, codes, new Date())], {
    type: 'text/plain;charset=utf-8',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = recoveryCodesFileName(siteName)
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
