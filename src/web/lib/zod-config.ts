import { z } from 'zod'

// Zod 4 compiles object parsers with `new Function` where it can. Its probe for that is refused by our
// CSP (script-src without 'unsafe-eval') and reported as a violation even though zod catches the
// failure. Interpreted parsers are fast enough for forms and API answers, so the probe is switched off.
// Imported first by main.tsx, before anything parses.
z.config({ jitless: true })
