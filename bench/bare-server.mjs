/**
 * The baseline: a bare node:http server answering every request with one fixed body, in its own process.
 *
 *   node bench/bare-server.mjs <port> <body file>
 *
 * bench/run.mjs gives it the body /api/v1/status answered, so both send the same bytes. Prints READY when listening.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const [port, bodyFile] = process.argv.slice(2)
const body = readFileSync(bodyFile)
const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
const headers = { 'content-type': 'application/json', 'content-length': String(body.length), etag, 'cache-control': 'public, max-age=0, must-revalidate' }

const server = createServer((req, res) => {
  res.writeHead(200, headers)
  res.end(body)
})
server.keepAliveTimeout = 65_000
server.listen(Number(port), '127.0.0.1', () => console.log(`READY ${port} ${body.length}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
