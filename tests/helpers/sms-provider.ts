/**
 * A local HTTP endpoint standing in for a Twilio-compatible SMS provider: records every message request (path,
 * basic-auth credentials, form fields) and answers 201, or what `respond` says.
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

export interface SmsProvider {
  url: string
  requests: SmsRequest[]
  respond?: (request: SmsRequest) => number
  close(): Promise<void>
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const provider = { requests: [] as SmsRequest[] } as SmsProvider
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      const form = new URLSearchParams(text)
      const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':')
      const request = { path: req.url ?? '', user, password, to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '' }
      const status = provider.respond?.(request) ?? 201
      if (status < 300) provider.requests.push(request)
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(status < 300 ? { sid: `SM${provider.requests.length}`, status: 'queued' } : { message: 'refused', code: status }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  provider.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return provider
}
