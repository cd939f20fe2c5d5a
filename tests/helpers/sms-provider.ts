/**
 * A local HTTP endpoint standing in for a Twilio-compatible SMS provider: records every message request (path,
 * basic-auth credentials, form fields) and answers 201, or what `respond` says: another status (with an optional
 * body), 'drop' (close the connection without an answer, after reading the request) or 'hang' (never answer).
 * `received` counts every request that reached it, answered or not.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SmsRequest {
  path: string
  user: string
  password: string
  to: string
  from: string
  body: string
}

export type SmsAnswer = number | { status: number; body: string } | 'drop' | 'hang'

export interface SmsProvider {
  url: string
  port: number
  requests: SmsRequest[]
  received: number
  respond?: (request: SmsRequest) => SmsAnswer
  close(): Promise<void>
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const provider = { requests: [] as SmsRequest[], received: 0 } as SmsProvider
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      provider.received++
      const form = new URLSearchParams(text)
      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
      const request = {
        path: req.url ?? '',
        user,
        password,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      }
      const answer = provider.respond?.(request) ?? 201
      if (answer === 'hang') return
      if (answer === 'drop') return req.socket.destroy()
      const status = typeof answer === 'number' ? answer : answer.status
      if (status < 300) provider.requests.push(request)
      res.writeHead(status, { 'content-type': 'application/json' })
      const body =
        typeof answer === 'object'
          ? answer.body
          : JSON.stringify(
              status < 300
                ? { sid: `SM${provider.requests.length}`, status: 'queued' }
                : { message: 'refused', code: status },
            )
      res.end(body)
    })
  })
  // A provider keeps idle connections open longer than Node's 5 s default: on a loaded machine a pooled socket that
  // the server closed just as the client reused it made an ECONNRESET failure that no real provider causes.
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  provider.port = (server.address() as AddressInfo).port
  provider.url = `http://127.0.0.1:${provider.port}`
  provider.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return provider
}
