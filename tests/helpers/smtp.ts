/**
 * A real SMTP server in the test process (the smtp-server package), collecting what the service sends, parsed by
 * mailparser. `reject` can refuse recipients (4xx: try later; 5xx: never), `onMessage` runs after a message is
 * accepted, `dropAfterData` takes a message and then closes the connection without answering (did it arrive?),
 * `refuseLogin` answers every login with 535, as a server given the wrong password does.
 */
import type { AddressInfo } from 'node:net'

import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string
  parsed: ParsedMail
  raw: string
}

export interface SmtpSink {
  url: string
  port: number
  messages: ReceivedMail[]
  /** Messages to one address. */
  to(address: string): ReceivedMail[]
  /** Return a [code, message] to refuse this recipient on this attempt. */
  reject?: (address: string) => [number, string] | null
  /** True to keep this recipient's message but close the connection instead of answering its DATA. */
  dropAfterData?: (address: string) => boolean
  onMessage?: (mail: ReceivedMail) => void
  /** True to refuse every AUTH with "535 5.7.8 Authentication credentials invalid". */
  refuseLogin?: boolean
  /** Resolves when `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { messages: [] as ReceivedMail[] } as SmtpSink
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    // Logins over plain TCP: the tests' client offers one only when it is given a user.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (!sink.refuseLogin) return callback(null, { user: auth.username })
      callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, callback) {
      const refusal = sink.reject?.(address.address.toLowerCase())
      if (refusal) {
        const error = Object.assign(new Error(refusal[1]), { responseCode: refusal[0] })
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const parsed = await simpleParser(raw)
        for (const rcpt of session.envelope.rcptTo) {
          const mail = { to: rcpt.address.toLowerCase(), parsed, raw }
          sink.messages.push(mail)
          sink.onMessage?.(mail)
        }
        if (session.envelope.rcptTo.some((rcpt) => sink.dropAfterData?.(rcpt.address.toLowerCase()))) {
          for (const connection of server.connections)
            if (connection.session.id === session.id) connection._socket.destroy()
          return
        }
        callback()
      })
    },
  })
  // A client that dies mid-conversation (the crash tests kill the service) resets its connection: expected here.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  sink.port = (server.server.address() as AddressInfo).port
  sink.url = `smtp://127.0.0.1:${sink.port}`
  sink.to = (address) => sink.messages.filter((m) => m.to === address.toLowerCase())
  sink.waitFor = async (count, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs
    while (sink.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${sink.messages.length}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  sink.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return sink
}
