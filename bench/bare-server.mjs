/**
 * The baseline: a bare node:http server answering every request with one fixed response, in its own process.
 *
 *   node bench/bare-server.mjs <port> <body file> [<head file>]
 *
 * bench/run.mjs gives it the body the service answered, so both send the same bytes. With a head file (JSON
 * `{ "status": 304, "headers": { … } }`, the status and headers the service sent, as bench/run.mjs saved them) it
 * sends that status and those headers too, so for small bodies the headers weigh the same on both sides; Date and
 * the connection headers are left to node:http, Content-Length follows the body. Prints READY when listening.
 */
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const [port, bodyFile, headFile] = process.argv.slice(2)
const head = headFile ? JSON.parse(readFileSync(headFile, 'utf8')) : null
const status = head?.status ?? 200
const body = status === 304 ? Buffer.alloc(0) : readFileSync(bodyFile)
const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
const LEFT_TO_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])
const headers = head
  ? Object.fromEntries(Object.entries(head.headers).filter(([name]) => !LEFT_TO_NODE.has(name.toLowerCase())))
  : { 'content-type': 'application/json', etag, 'cache-control': 'public, max-age=0, must-revalidate' }
if (status !== 304) headers['content-length'] = String(body.length)

const server = createServer((req, res) => {
  res.writeHead(status, headers)
  res.end(status === 304 ? undefined : body)
})
server.keepAliveTimeout = 65_000
server.listen(Number(port), '127.0.0.1', () => console.log(`READY ${port} ${body.length}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
