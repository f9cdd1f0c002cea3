import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

// A full garbage collection on demand, for tests that measure what code holds rather than what the
// collector has not yet reached. V8 collects memory held outside its heap (Buffers) only after tens of
// MiB of it have piled up, and later still on a loaded machine, so a stream that allocates fresh
// chunks shows that garbage in its RSS. The flag exposes `gc` to contexts created after it is set.
setFlagsFromString('--expose-gc')
export const collectGarbage = runInNewContext('gc') as () => void
