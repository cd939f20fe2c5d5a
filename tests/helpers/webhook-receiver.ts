/**
 * A local HTTP endpoint standing in for webhook receivers, Slack, Discord and Teams: it records every request (path,
 * headers, raw body) and answers as the test says, per path: 200 by default, or a status, a redirect, or no answer
 * until the test releases it (the slow receiver).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

export type Reply = { status: number; body?: string; location?: string } | 'hang'

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  url: string
  requests: ReceivedRequest[]
  to(path: string): ReceivedRequest[]
  /** How each path answers (or a function of how many requests it had before); unset paths answer 200. */
  replies: Map<string, Reply | ((before: number) => Reply)>
  /** Answers every request left hanging. */
  release(): void
  close(): Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging: ServerResponse[] = []
  const receiver = { requests: [] as ReceivedRequest[], replies: new Map() } as WebhookReceiver
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      const before = receiver.to(path).length
      receiver.requests.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const chosen = receiver.replies.get(path) ?? { status: 200, body: 'ok' }
      const reply = typeof chosen === 'function' ? chosen(before) : chosen
      if (reply === 'hang') {
        hanging.push(res)
        return
      }
      res.writeHead(reply.status, reply.location ? { location: reply.location } : {})
      res.end(reply.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  receiver.to = (path) => receiver.requests.filter((r) => r.path === path)
  receiver.release = () => {
    for (const res of hanging.splice(0)) if (!res.destroyed) res.end('late')
  }
  receiver.close = async () => {
    receiver.release()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return receiver
}
