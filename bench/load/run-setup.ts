import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { autovacuumForRun, emptyPostgres } from '../lib/bench-database'
import { adminFsck, type Check, sqliteIntegrity } from './checks'
import { raiseGeneratorPriority, restoreGeneratorPriority } from './generator-priority'
import { HttpClient } from './http-client'
import { NotificationStream } from './notification-stream'
import { ProcSampler, type Watched } from './proc-sampler'
import { Recorder } from './recorder'
import { report } from './report'
import { seedLoad } from './seed-load'
import {
  depotEnv,
  freePort,
  type Running,
  type ServerErrors,
  startBuiltDepot,
  startNginx,
  startS3rver,
} from './servers'
import type { LoadSettings } from './settings'
import { staffLoop } from './staff-loop'
import { grantEditor, type LoopControl, makeFolders, type UserPlace, userLoop } from './user-loop'
import { credentialsOf } from './user-session'
import { visitorLoop } from './visitor-loop'

// One setup of the load from start to end: seed, start the servers, sign everyone in and make their
// folders, open the live streams, run every loop through the warm-up and the measured window, stop,
// check the data, print.

const ORDERS = 5_000
const TEAM = 5

export type SetupKind = { kind: 'sqlite' } | { kind: 'postgres'; url: string }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function runSetup(setup: SetupKind, settings: LoadSettings): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-bench-load-'))
  const running: Running[] = []
  let restoreAutovacuum = async () => {}
  const stopAll = async () => {
    for (const r of running.reverse()) await r.stop().catch(() => {})
    running.length = 0
  }
  try {
    const dataDir = path.join(dir, 'a')
    let storeEnv: Record<string, string> = {}
    if (setup.kind === 'postgres') {
      await emptyPostgres(setup.url)
      restoreAutovacuum = await autovacuumForRun(setup.url)
      const s3 = await startS3rver(path.join(dir, 's3'))
      running.push(s3)
      storeEnv = { DATABASE_URL: setup.url, ...s3.env }
    }
    console.log(
      settings.files > 0
        ? `   seeding: the scale seed at ${settings.files.toLocaleString('en')} files (its shop and orders), then ${settings.users} users, a staff member, 24 covers`
        : `   seeding: ${settings.users} users, a staff member, 24 products with covers, ${ORDERS} orders`,
    )
    const seeded = await seedLoad(dataDir, storeEnv, {
      users: settings.users,
      orders: ORDERS,
      files: settings.files,
    })
    if (seeded.largeSeedSeconds !== undefined)
      console.log(`   the scale seed took ${seeded.largeSeedSeconds.toFixed(1)} s`)

    // The address everyone uses: the one Depot, or nginx in front of two.
    const frontPort = await freePort()
    const origin = `http://127.0.0.1:${frontPort}`
    const watched: Watched[] = []
    const serverErrors: ServerErrors[] = []
    const fsckEnv = depotEnv(dataDir, origin, storeEnv)
    if (setup.kind === 'sqlite') {
      const depot = await startBuiltDepot('Depot', frontPort, depotEnv(dataDir, origin, {}))
      running.push(depot)
      serverErrors.push(depot.errors)
      watched.push({ label: 'Depot', pid: depot.child.pid!, isDepot: true })
    } else {
      const ports: number[] = []
      for (const name of ['A', 'B']) {
        const port = await freePort()
        const depot = await startBuiltDepot(
          `Depot ${name}`,
          port,
          depotEnv(path.join(dir, name.toLowerCase()), origin, { ...storeEnv, TRUST_PROXY: '127.0.0.1' }),
        )
        running.push(depot)
        serverErrors.push(depot.errors)
        ports.push(port)
        watched.push({ label: `Depot ${name}`, pid: depot.child.pid!, isDepot: true })
      }
      const nginx = await startNginx(path.join(dir, 'nginx'), frontPort, ports)
      running.push(nginx)
      watched.push({ label: 'nginx', pid: nginx.child.pid!, isDepot: false })
      const s3 = running[0]!
      watched.push({ label: 's3rver', pid: s3.child.pid!, isDepot: false })
    }
    // PostgreSQL's CPU only when it runs here: the processes named postgres are this machine's.
    const sampler = new ProcSampler(watched, {
      postgres: setup.kind === 'postgres' && onThisMachine(setup.url),
    })

    const client = new HttpClient({ host: '127.0.0.1', port: frontPort, origin })
    const recorder = new Recorder()
    console.log(
      '   signing in (every other user with a password, the rest with an access token), making folders',
    )
    const places: UserPlace[] = []
    for (const [index, person] of seeded.users.entries()) {
      const credentials = await credentialsOf(client, person)
      const homeId = await makeFolders(client, credentials, `Home ${index}`)
      places.push({ person, index, credentials, homeId, teamId: homeId })
    }
    for (let leader = 0; leader < places.length; leader += TEAM) {
      const lead = places[leader]!
      const teamId = await makeFolders(client, lead.credentials, `Team ${leader / TEAM}`)
      for (const member of places.slice(leader, leader + TEAM)) {
        if (member !== lead) await grantEditor(client, lead.credentials, teamId, member.person.id)
        member.teamId = teamId
      }
    }
    const streams = places.map((p) => new NotificationStream(client.server, p.credentials.read, recorder))
    await Promise.all(streams.map((s) => s.open()))

    let stopping = false
    const control: LoopControl = {
      running: () => !stopping,
      // Half to one and a half times the setting, so the clients do not march in step.
      think: async () => {
        await sleep(settings.thinkMs * (0.5 + Math.random()))
      },
    }
    console.log(
      `   running: ${settings.users} users, ${settings.visitors} visitors, 1 staff export loop; ` +
        `${settings.warmupSeconds} s warm-up, then ${settings.seconds} s measured; load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    )
    console.log(`   ${raiseGeneratorPriority(settings.generatorNice)}`)
    const loops: Promise<unknown>[] = []
    // Started a little apart, as people arrive.
    const stagger = Math.min(
      50,
      (settings.warmupSeconds * 1000) / (places.length + settings.visitors + 1) / 2,
    )
    for (const place of places) {
      loops.push(userLoop(client, recorder, place, control))
      await sleep(stagger)
    }
    for (let i = 0; i < settings.visitors; i++) {
      loops.push(visitorLoop(client, recorder, seeded.products, control))
      await sleep(stagger)
    }
    const staff = staffLoop(
      client,
      recorder,
      seeded.staff.token!,
      seeded.orders,
      settings.exportPauseMs,
      control,
    )
    loops.push(staff)

    await sleep(settings.warmupSeconds * 1000)
    recorder.startMeasuring()
    sampler.start(settings.sampleSeconds)
    const requestsBefore = client.requests
    const started = performance.now()
    await sleep(settings.seconds * 1000)
    const requests = client.requests - requestsBefore
    const seconds = Math.round((performance.now() - started) / 100) / 10
    sampler.stop()
    sampler.sample()
    stopping = true
    await Promise.all(loops)
    const exports = await staff
    for (const s of streams) s.close()
    client.close()
    restoreGeneratorPriority()

    // The servers stop before the data is checked; s3rver (first started, last stopped) stays for fsck.
    const s3 = setup.kind === 'postgres' ? running.shift() : undefined
    await stopAll()
    let integrity: Check | undefined
    if (setup.kind === 'sqlite') integrity = sqliteIntegrity(dataDir)
    const fsck = adminFsck(fsckEnv, seeded.filesWithoutBytes)
    await s3?.stop()

    report({
      label: setup.kind,
      seconds,
      requests,
      recorder,
      watched,
      samples: sampler.samples,
      notifications: streams.reduce((n, s) => n + s.notifications, 0),
      streamsOpened: streams.reduce((n, s) => n + s.opened, 0),
      streams: streams.length,
      exports,
      integrity,
      fsck,
      serverErrors: {
        count: serverErrors.reduce((n, e) => n + e.count, 0),
        first: serverErrors.flatMap((e) => e.first),
      },
    })
  } finally {
    restoreGeneratorPriority()
    await stopAll()
    await restoreAutovacuum()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Whether a postgres:// URL names this machine (loopback, or a Unix socket: no host). */
function onThisMachine(url: string): boolean {
  const host = new URL(url).hostname
  return host === '' || host === 'localhost' || host === '[::1]' || host.startsWith('127.')
}
