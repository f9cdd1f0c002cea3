import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ImapFlow } from 'imapflow'

// Debian's dovecot (package dovecot-imapd) as a throwaway IMAP server for the tests that read a
// mailbox: its own configuration in a temporary folder, a loopback port the OS picked, one
// passwd-file user with a plain password, a temporary maildir. No system configuration is read or
// touched (`-c` names our file; base_dir and state_dir are ours). Run as root (CI containers), its
// login and mail processes run as Debian's `dovenull` and `dovecot` users, since dovecot refuses
// root for them; otherwise everything runs as the current user.

export const DOVECOT_BINARY = '/usr/sbin/dovecot'

export interface Dovecot {
  host: string
  port: number
  user: string
  password: string
  /** imap://user:pass@127.0.0.1:port/INBOX: what INBOUND_IMAP_URL takes. */
  url(mailbox?: string): string
  /** A logged-in client for the test's own APPENDs and checks; logged out by stop(). */
  client(): Promise<ImapFlow>
  /** Puts a raw RFC 5322 message in a mailbox, as a delivery would. */
  append(raw: string | Buffer, mailbox?: string): Promise<void>
  stop(): Promise<void>
}

export function dovecotAvailable(): boolean {
  return fs.existsSync(DOVECOT_BINARY)
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

interface Accounts {
  internalUser: string
  internalGroup: string
  loginUser: string
  mailUid: number
  mailGid: number
}

/** Who each dovecot process runs as: the current user, or Debian's service users under root. */
function accounts(): Accounts {
  const me = os.userInfo()
  if (me.uid !== 0) {
    const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim()
    return {
      internalUser: me.username,
      internalGroup: group,
      loginUser: me.username,
      mailUid: me.uid,
      mailGid: me.gid,
    }
  }
  const uid = Number(execFileSync('id', ['-u', 'dovecot'], { encoding: 'utf8' }))
  const gid = Number(execFileSync('id', ['-g', 'dovecot'], { encoding: 'utf8' }))
  return {
    internalUser: 'dovecot',
    internalGroup: 'dovecot',
    loginUser: 'dovenull',
    mailUid: uid,
    mailGid: gid,
  }
}

function majorMinor(): string {
  const version = execFileSync(DOVECOT_BINARY, ['--version'], { encoding: 'utf8' }).trim()
  return /^(\d+\.\d+)/.exec(version)?.[1] ?? '2.3'
}

function config(dir: string, port: number, who: Accounts): string {
  // 2.3 spells "plain text logins allowed" one way, 2.4 another; only this line differs here.
  const cleartext = majorMinor() === '2.3' ? 'disable_plaintext_auth = no' : 'auth_allow_cleartext = yes'
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
${cleartext}
auth_mechanisms = plain login
first_valid_uid = ${who.mailUid}
first_valid_gid = ${who.mailGid}
default_internal_user = ${who.internalUser}
default_internal_group = ${who.internalGroup}
default_login_user = ${who.loginUser}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${who.mailUid} gid=${who.mailGid} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Processed {
    auto = create
  }
}
`
}

/** Resolves once the server greets a client, or rejects after `timeoutMs`. */
async function waitForGreeting(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dovecot exited with ${child.exitCode}`)
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('data', (data) => {
        socket.destroy()
        resolve(data.toString().startsWith('* OK'))
      })
      socket.once('error', () => resolve(false))
    })
    if (greeted) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('dovecot did not greet within the time allowed')
}

/** Starts a throwaway dovecot; call stop() in afterAll. */
export async function startDovecot(): Promise<Dovecot> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-dovecot-'))
  const who = accounts()
  const user = 'depot'
  const password = `pw-${Math.random().toString(36).slice(2)}`
  for (const sub of ['run', 'state', 'mail', 'home']) fs.mkdirSync(path.join(dir, sub))
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`)
  if (os.userInfo().uid === 0) {
    // The mail processes run as `dovecot`: they must reach the folder and own the maildir.
    fs.chmodSync(dir, 0o755)
    for (const sub of ['mail', 'home']) fs.chownSync(path.join(dir, sub), who.mailUid, who.mailGid)
  }
  const port = await freePort()
  const conf = path.join(dir, 'dovecot.conf')
  fs.writeFileSync(conf, config(dir, port, who))
  const child = spawn(DOVECOT_BINARY, ['-F', '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  try {
    await waitForGreeting(port, child, 15_000)
  } catch (error) {
    child.kill('SIGKILL')
    const log = fs.existsSync(path.join(dir, 'dovecot.log'))
      ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8')
      : ''
    throw new Error(`${(error as Error).message}\n${stderr}\n${log}`)
  }

  const clients: ImapFlow[] = []
  const client = async () => {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: password },
      logger: false,
    })
    c.on('error', () => {})
    await c.connect()
    clients.push(c)
    return c
  }
  let appender: ImapFlow | undefined
  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    url: (mailbox = 'INBOX') =>
      `imap://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(mailbox)}`,
    client,
    async append(raw, mailbox = 'INBOX') {
      appender ??= await client()
      await appender.append(mailbox, raw)
    },
    async stop() {
      await Promise.allSettled(clients.map((c) => c.logout()))
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
