import { describe, expect, it } from 'vitest'
import { describeDevice, isMobileDevice } from './device-label'

const UA = {
  chromeLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
}

describe('describeDevice', () => {
  it.each([
    [UA.chromeLinux, 'Chrome on Linux'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.safariIphone, 'Safari on iPhone'],
    [UA.firefoxMac, 'Firefox on macOS'],
    [UA.chromeAndroid, 'Chrome on Android'],
    ['curl/8.5.0', 'curl'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
  ])('%s → %s', (ua, label) => {
    expect(describeDevice(ua)).toBe(label)
  })

  it('says so when it cannot tell', () => {
    expect(describeDevice(null)).toBe('Unknown device')
    expect(describeDevice('')).toBe('Unknown device')
    expect(describeDevice('SomeBot/1.0')).toBe('Unknown device')
  })
})

describe('isMobileDevice', () => {
  it('tells phones from desktops', () => {
    expect(isMobileDevice(UA.safariIphone)).toBe(true)
    expect(isMobileDevice(UA.chromeAndroid)).toBe(true)
    expect(isMobileDevice(UA.chromeLinux)).toBe(false)
    expect(isMobileDevice(null)).toBe(false)
  })
})
