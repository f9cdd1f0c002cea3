import os from 'node:os'

// The generator stands for the users' own machines: in a real deployment their clients do not wait
// for the server's cores. Here they share the same two, and every operation is timed on the
// generator's event loop, so its own waits for a core (a 99th percentile of some 15 ms a 10 s on a
// 2-core machine 60 % busy) would be counted as the server's. While the load runs, the generator's
// main thread runs at a higher priority (BENCH_LOAD_GENERATOR_NICE, -10 by default; 0 leaves it as
// it is). It is raised after the servers have started, so none of them inherits it, and put back
// before anything else is started.

/** Raises the calling thread's priority to `nice` (lower is sooner); says what it did. */
export function raiseGeneratorPriority(nice: number): string {
  if (nice === 0) return 'the generator runs at the servers’ priority (BENCH_LOAD_GENERATOR_NICE=0)'
  try {
    os.setPriority(0, nice)
    return `the generator runs at nice ${nice}, ahead of the servers (BENCH_LOAD_GENERATOR_NICE)`
  } catch (error) {
    return `the generator runs at the servers’ priority: nice ${nice} was refused (${(error as Error).message})`
  }
}

/** Puts the calling thread back at the usual priority. */
export function restoreGeneratorPriority(): void {
  try {
    os.setPriority(0, 0)
  } catch {
    // Not raised (refused, or 0 all along): nothing to put back.
  }
}
