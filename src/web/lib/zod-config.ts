// Zod 4 compiles object parsers with `new Function` where it can. Its probe for that is refused by our
// CSP (script-src without 'unsafe-eval') and reported as a violation even though zod catches the
// failure. Interpreted parsers are fast enough for forms and API answers, so the probe is switched off.
// Imported first by main.tsx, before anything parses. Zod keeps its global configuration on
// `globalThis.__zod_globalConfig` and adopts an object already there when it loads, so the setting is
// made without importing zod: the shop's first load carries no zod at all (decision 0096), and zod,
// loaded later with a staff page or a form, starts jitless.

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined
}

globalThis.__zod_globalConfig ??= {}
globalThis.__zod_globalConfig.jitless = true

export {}
