import fs from 'node:fs'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { makePrivateDirSync, openPrivateSync } from '../../private-files'
import type {
  AppendStep,
  CommitOutcome,
  CommitStep,
  DiskStep,
  DiskStepAnswer,
  ReadStep,
} from './disk-steps-protocol'

// The disk thread's program (docs/decisions/0159; started by disk-thread.ts): each step is a run of
// blocking system calls done in one go here, so the event loop waits for one answer instead of a
// turn for each call.

const port = parentPort
if (!port) throw new Error('disk-steps.worker.ts runs on a worker thread')

port.on('message', (step: DiskStep) => {
  let answer: DiskStepAnswer
  try {
    if (step.op === 'read') {
      const read = readWhole(step)
      // The bytes move to the caller's thread instead of being copied.
      port.postMessage(
        { seq: step.seq, ...read } satisfies DiskStepAnswer,
        read.bytes ? [read.bytes.buffer] : [],
      )
      return
    }
    answer =
      step.op === 'append'
        ? { seq: step.seq, written: append(step) }
        : { seq: step.seq, outcome: commit(step) }
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    answer = {
      seq: step.seq,
      error: { message: e.message, code: e.code, syscall: e.syscall, path: e.path },
    }
  }
  port.postMessage(answer)
})

function append(step: AppendStep): number {
  if (step.create) makePrivateDirSync(path.dirname(step.file))
  const fd = step.create ? openPrivateSync(step.file, 'w') : fs.openSync(step.file, 'r+')
  try {
    let at = step.offset
    for (const bytes of step.bytes) {
      for (let done = 0; done < bytes.byteLength; ) {
        const n = fs.writeSync(fd, bytes, done, bytes.byteLength - done, at)
        done += n
        at += n
      }
    }
    // On disk before the caller records the offset: the state never claims bytes a crash lost.
    fs.fdatasyncSync(fd)
    return at
  } finally {
    fs.closeSync(fd)
  }
}

function commit(step: CommitStep): CommitOutcome {
  let size = sizeOf(step.staged)
  if (size === undefined) {
    if (sizeOf(step.final) !== undefined) return 'committed'
    if (step.length > 0) return 'lost'
    // An empty blob never had an append: its staging file is made here.
    makePrivateDirSync(path.dirname(step.staged))
    fs.closeSync(openPrivateSync(step.staged, 'w'))
    size = 0
  }
  if (size < step.length) return 'lost'
  if (size > step.length) {
    // Bytes a writer that died before saving left past the end. A file of the write's length is left
    // as it is: the append that wrote each of its bytes synced them before their offset was saved.
    const fd = fs.openSync(step.staged, 'r+')
    try {
      fs.ftruncateSync(fd, step.length)
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
  }
  const dir = path.dirname(step.final)
  try {
    fs.renameSync(step.staged, step.final)
  } catch (error) {
    // The blob tree's shard folder does not exist yet: the first blob whose key ends so.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || sizeOf(step.staged) === undefined) throw error
    makePrivateDirSync(dir)
    fs.renameSync(step.staged, step.final)
  }
  const handle = fs.openSync(dir, 'r')
  try {
    fs.fsyncSync(handle)
  } finally {
    fs.closeSync(handle)
  }
  return 'renamed'
}

function readWhole(step: ReadStep): { size: number; bytes: Uint8Array<ArrayBuffer> | undefined } {
  const fd = fs.openSync(step.file, 'r')
  try {
    // Sized once open: a delete racing with the read cannot cut it short.
    const { size } = fs.fstatSync(fd)
    if (size > step.max) return { size, bytes: undefined }
    const bytes = new Uint8Array(size)
    for (let done = 0; done < size; ) {
      const n = fs.readSync(fd, bytes, done, size - done, done)
      if (n === 0) throw new Error('The file ended before its expected length.')
      done += n
    }
    return { size, bytes }
  } finally {
    fs.closeSync(fd)
  }
}

function sizeOf(file: string): number | undefined {
  try {
    return fs.statSync(file).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
