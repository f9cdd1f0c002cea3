import type { ReactNode } from 'react'

// Step-by-step guides to mount the drive (docs/decisions/0091, 0138), one disclosure each, written with
// the real address and the user's own e-mail so nothing has to be translated.

interface GuideProps {
  /** The WebDAV address, e.g. https://depot.example.com/dav/. */
  address: string
  /** The user name to give: the user's e-mail (any name works; the password decides). */
  userName: string
}

function Guide({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="rounded-md border border-border px-4 py-2">
      <summary className="cursor-pointer py-1 font-medium focus-visible:outline-2 focus-visible:outline-ring">
        {title}
      </summary>
      <div className="flex flex-col gap-2 pt-2 pb-1 text-sm">{children}</div>
    </details>
  )
}

function Steps({ children }: { children: ReactNode }) {
  return <ol className="flex list-decimal flex-col gap-1 pl-5">{children}</ol>
}

/** Text to type, kept whole: it wraps instead of scrolling, so a phone shows all of it. */
function Typed({ children }: { children: string }) {
  return <code className="rounded bg-surface-muted px-1 font-mono break-all">{children}</code>
}

function Command({ children }: { children: string }) {
  return (
    <pre className="rounded-md bg-surface-muted p-2 font-mono text-xs break-all whitespace-pre-wrap">
      <code>{children}</code>
    </pre>
  )
}

export function MacGuide({ address, userName }: GuideProps) {
  return (
    <Guide title="macOS Finder">
      <Steps>
        <li>
          In Finder, choose <strong>Go › Connect to Server…</strong> (⌘K).
        </li>
        <li>
          Type <Typed>{address}</Typed> and click <strong>Connect</strong>.
        </li>
        <li>
          Choose <strong>Registered User</strong>. Name: <Typed>{userName}</Typed>. Password: your drive
          password. Tick “Remember this password in my keychain” to connect again without it.
        </li>
        <li>The drive appears under Locations in Finder’s sidebar.</li>
      </Steps>
    </Guide>
  )
}

export function WindowsGuide({ address, userName }: GuideProps) {
  const secure = address.startsWith('https://')
  return (
    <Guide title="Windows">
      <Steps>
        <li>
          Open File Explorer, right-click <strong>This PC</strong> and choose{' '}
          <strong>Map network drive…</strong>
        </li>
        <li>
          Pick a drive letter. In <strong>Folder</strong>, type <Typed>{address}</Typed>. Tick{' '}
          <strong>Connect using different credentials</strong> and click <strong>Finish</strong>.
        </li>
        <li>
          User name: <Typed>{userName}</Typed>. Password: your drive password. Tick “Remember my credentials”
          to connect again without it.
        </li>
      </Steps>
      <p>
        Windows sends a password only over https: it refuses to sign in to an http:// address.{' '}
        {secure ? (
          'This address is https, so that is fine.'
        ) : (
          <>
            This address is http, so Windows will not connect unless an administrator of the PC sets{' '}
            <Typed>BasicAuthLevel</Typed> to 2 under{' '}
            <Typed>{'HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\WebClient\\Parameters'}</Typed>{' '}
            and restarts the WebClient service. Ask for the https address instead if there is one.
          </>
        )}{' '}
        Windows also needs its WebClient service running (it is on most PCs).
      </p>
    </Guide>
  )
}

export function LinuxGuide({ address, userName }: GuideProps) {
  const davAddress = address.replace(/^https:/, 'davs:').replace(/^http:/, 'dav:')
  return (
    <Guide title="Linux">
      <p className="font-medium">GNOME Files</p>
      <Steps>
        <li>
          Open Files and click <strong>Other Locations</strong> in the sidebar.
        </li>
        <li>
          In <strong>Connect to Server</strong> at the bottom, type <Typed>{davAddress}</Typed> and click{' '}
          <strong>Connect</strong>.
        </li>
        <li>
          Choose <strong>Registered User</strong>. User name: <Typed>{userName}</Typed>. Password: your drive
          password.
        </li>
      </Steps>
      <p className="font-medium">rclone</p>
      <Command>
        {`rclone config create depot webdav url=${address} vendor=owncloud user=${userName} pass="$(rclone obscure 'YOUR-DRIVE-PASSWORD')"\nrclone lsd depot:\nrclone copy ./photos "depot:My folders/Photos"`}
      </Command>
      <p>
        Use vendor=owncloud: rclone then keeps files’ modification times and can compare them by checksum.
      </p>
      <p className="font-medium">davfs2</p>
      <Command>{`sudo mkdir -p /mnt/depot\nsudo mount -t davfs ${address} /mnt/depot`}</Command>
      <p>davfs2 asks for the user name and the password when it mounts.</p>
    </Guide>
  )
}
