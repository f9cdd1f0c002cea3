import type { BlobSource, PutOptions } from './blob-writes'
import { byteLimitOf } from './blob-writes'
import { assertWholeBody, toWriteError } from './write-error'
import { WriteMeter } from './write-meter'

/**
 * A small body of known length, in memory: counted and hashed as it arrives (in place when small),
 * refused as over its limit, short of its length or failed as put() refuses it, before anything is
 * stored. For the drivers' one-step writes of such a body.
 */
export async function gatherBody(
  source: BlobSource,
  options: PutOptions,
): Promise<{ chunks: Uint8Array[]; meter: WriteMeter }> {
  const meter = new WriteMeter(byteLimitOf(options), options.length)
  meter.watch(source, 'source')
  const chunks: Uint8Array[] = []
  try {
    for await (const chunk of meter.pass(source, options.signal)) chunks.push(chunk)
    assertWholeBody(meter, options)
  } catch (error) {
    throw toWriteError(error, meter, options.signal)
  }
  return { chunks, meter }
}
