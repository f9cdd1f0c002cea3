import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SERVER_NODE_ARGS } from '../bench/lib/server-node-args'

// The benchmarks start the server with the arguments `npm start` gives node (decision 0153), so what
// they measure is the server as it is run: the two lists must not drift apart.

describe("the server's node arguments", () => {
  it('are the same in the start script and in the benchmarks', () => {
    const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }
    const [node, ...rest] = pkg.scripts.start.split(/\s+/)
    expect(node).toBe('node')
    expect(rest.filter((arg) => arg.startsWith('--'))).toEqual([...SERVER_NODE_ARGS])
  })
})
