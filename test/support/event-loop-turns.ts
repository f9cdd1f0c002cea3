// How many turns of the event loop (setImmediate callbacks) ran while some work was awaited: 0 means
// the work finished without yielding to anything else the process had queued.

export async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0
  let next: NodeJS.Immediate | undefined
  const turn = () => {
    turns++
    next = setImmediate(turn)
  }
  next = setImmediate(turn)
  try {
    await work()
    return turns
  } finally {
    clearImmediate(next)
  }
}
