import { randomUUID } from 'node:crypto'
import os from 'node:os'

// Who this process is among the instances sharing one database (docs/decisions/0114), for the leases
// that must know whether their holder is still alive:
//   instance  what a restarted instance keeps: the host and the port it listens on (two instances on one
//             host listen on different ports), named by main.ts once it listens; before that, and in a
//             process that never listens, the host and the process id
//   boot      new at every start of the process
// A lease naming this instance with another boot was taken by a request that died with an earlier run.

export interface ProcessInstance {
  instance: string
  boot: string
}

const boot = randomUUID()
let instance = `${os.hostname()}:pid-${process.pid}`

export function processInstance(): ProcessInstance {
  return { instance, boot }
}

/** Called once the server listens: the instance is now the host and this port. */
export function nameListeningInstance(port: number): void {
  instance = `${os.hostname()}:${port}`
}
