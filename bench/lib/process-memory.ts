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
  return residentParts(pid).rss
}

/**
 * VmRSS of `pid` in MiB and its two parts: the process's own memory (RssAnon: heaps, buffers) and
 * files mapped into it (RssFile: its code, and a SQLite database read through its memory map, which
 * is the kernel's page cache, bounded by `mmap_size`). NaN once the process is gone.
 */
export function residentParts(pid: number): { rss: number; anon: number; file: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const mib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1]) / 1024
    return { rss: mib('VmRSS'), anon: mib('RssAnon'), file: mib('RssFile') }
  } catch {
    return { rss: Number.NaN, anon: Number.NaN, file: Number.NaN }
  }
}
