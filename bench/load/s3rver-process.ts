import S3rver from 's3rver'

// s3rver (the S3 server the tests use) in a process of its own for setup (b): in the load generator's
// process it would share its event loop, and its CPU would count as the generator's. Objects go to the
// folder named by the first argument, in the bucket the second names; the port is reported over IPC;
// it stops when told or orphaned.

const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <folder> <bucket>')
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
})
const address = await server.run()
process.send?.({ type: 'ready', port: address.port })
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('message', (m: { type: string }) => {
  if (m.type === 'stop') void stop()
})
process.on('disconnect', () => void stop())
