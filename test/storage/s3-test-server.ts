import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

// A real S3 server (s3rver) on 127.0.0.1 with a free port, for the S3 driver's tests: objects kept in
// a temp folder, one bucket, s3rver's fixed test key pair. It verifies request signatures like S3.

export const TEST_BUCKET = 'depot-test'

export interface TestS3Server {
  endpoint: string
  /** The S3_* variables that point Depot at this server. */
  env: Record<string, string>
  stop(): Promise<void>
}

export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: TEST_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
