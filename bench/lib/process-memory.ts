import fs from 'node:fs'

// The resident memory of a server process found by the port it listens on: the benchmark started the
// server through startTarget(), which hands back its port, not its pid.

/** The pid of the process listening on 127.0.0.1:`port` (TCP), or undefined. */
export function pidListeningOn(port: number): number | undefined {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = fs.readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const cells = line.trim().split(/\s+/)
      // local_address is cells[1] (ADDR:PORT), st is cells[3] ('0A' = LISTEN), inode is cells[9].
      if (cells[1]?.endsWith(`:${hexPort}`) && cells[3] === '0A' && cells[9]) inodes.add(cells[9])
    }
  }
  if (inodes.size === 0) return undefined
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let fds: string[]
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const link = fs.readlinkSync(`/proc/${entry}/fd/${fd}`)
        const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
        if (inode && inodes.has(inode)) return Number(entry)
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  return undefined
}

/** VmRSS of `pid` in MiB (NaN once the process is gone). */
export function residentMiB(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1])
    return kib / 1024
  } catch {
    return Number.NaN
  }
}
