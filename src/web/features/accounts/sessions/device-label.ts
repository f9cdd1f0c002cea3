// "Chrome on Windows" from a User-Agent header, for the list of places someone is signed in. Coarse on
// purpose: enough to recognise a device, never a fingerprint. Order matters: Edge and Opera also say
// "Chrome", Chrome also says "Safari", and Android also says "Linux".

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  // "HeadlessChrome/…" too: no word boundary before Chrome.
  [/(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
]

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

const pick = (ua: string, table: readonly [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(ua))?.[1]

export function describeDevice(userAgent: string | null | undefined): string {
  const ua = userAgent ?? ''
  const browser = pick(ua, BROWSERS)
  const system = pick(ua, SYSTEMS)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Unknown device'
}

/** Phones and tablets get a phone icon, the rest a screen. */
export function isMobileDevice(userAgent: string | null | undefined): boolean {
  return /\b(iPhone|iPad|Android|Mobile)\b/.test(userAgent ?? '')
}
