import type { AnyRoute } from '../../src/server/lib/http/route'
import { newId } from '../../src/server/lib/ids'

// Concrete paths for the route table's templates, for the suites that walk every route (access,
// errors, bodiless writes): one sample per parameter name, so a new parameter is added once.

const SAMPLE_PARAMS: Record<string, () => string> = {
  id: () => newId(),
  userId: () => newId(),
  pendingId: () => newId(),
  versionId: () => newId(),
  noteId: () => newId(),
  attachmentId: () => newId(),
  fileId: () => newId(),
  provider: () => 'credentials',
  file: () => 'swagger-ui.css',
  size: () => '400',
  image: () => 'logo',
  name: () => 'report.txt',
  token: () => 'eyJvIjoieCJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
}

/** The route's path with a sample value for each parameter (a fresh id for ids). */
export function samplePath(route: AnyRoute, sample: (name: string) => string | undefined = () => undefined) {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const chosen = sample(name) ?? SAMPLE_PARAMS[name]?.()
    if (chosen === undefined)
      throw new Error(`route ${route.path}: add a sample value for :${name} to sample-paths.ts`)
    return chosen
  })
}
