/**
 * One notification fanned out to many verified e-mail subscribers through a local SMTP sink (smtp-server, in this
 * process), with the service's own code path: an incident created through the Local API (its hook records the
 * notification and queues the job), then the notification runner's tick, as the service runs it, until every
 * delivery has its outcome.
 *
 *   DATABASE_URL=… PAYLOAD_SECRET=… node --conditions=production --import tsx bench/notify.ts
 *
 * BENCH_SUBSCRIBERS=10000. The database is recreated first (bench/fresh-database.ts): give it one of its own.
 * Subscribers are written straight into the table (the subscribe flow is not what is measured).
 * The last line of output is `NOTIFY_RESULT {json}`: messages, duplicates, seconds, messages per second.
 */
import { randomBytes } from 'node:crypto'

import { getPayload } from 'payload'
import { SMTPServer } from 'smtp-server'

import { closeEmailPool } from '../src/notify/email'
import { runNotificationTick } from '../src/notify/runner'

import { freshDatabase } from './fresh-database'

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000)
const TIMEOUT_MS = 10 * 60_000

process.env.MAINTENANCE_TICK_MS = '0'
process.env.NOTIFY_TICK_MS = '0' // the loop below is the runner
process.env.PUBLIC_URL ??= 'https://status.example.test'

const received = new Map<string, number>()
let firstAt = 0
let lastAt = 0
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {})
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1)
      lastAt = Date.now()
      firstAt ||= lastAt
      callback()
    })
  },
})
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve))
process.env.SMTP_URL = `smtp://127.0.0.1:${(sink.server.address() as { port: number }).port}`
process.env.SMTP_FROM = 'status@example.test'

if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL to a database of its own: it is recreated')
await freshDatabase(process.env.DATABASE_URL)
// After the environment is set: the config reads it when it loads.
const { default: config } = await import('../src/payload.config')
const payload = await getPayload({ config })

// Straight into the table, in chunks, through the adapter's drizzle instance (both dialects).
const adapter = payload.db as unknown as { drizzle: any; tables: Record<string, any> }
const now = new Date().toISOString()
const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
  type: 'email',
  email: `bench-${i}@example.test`,
  verified: true,
  active: true,
  verifiedAt: now,
  unsubscribeToken: randomBytes(32).toString('base64url'),
  verificationToken: randomBytes(32).toString('base64url'),
  createdAt: now,
  updatedAt: now,
}))
for (let i = 0; i < rows.length; i += 500)
  await adapter.drizzle.insert(adapter.tables.subscribers).values(rows.slice(i, i + 500))
console.log(`${SUBSCRIBERS} verified subscribers written`)

const started = Date.now()
await payload.create({
  collection: 'incidents',
  data: {
    title: 'Fan-out benchmark',
    updates: [{ status: 'investigating', message: 'Everybody hears about this once.' }],
  },
  overrideAccess: true,
})
const notification = (await payload.find({ collection: 'notifications', limit: 1, overrideAccess: true })).docs[0]
for (;;) {
  await runNotificationTick(payload)
  const current = await payload.findByID({
    collection: 'notifications',
    id: notification.id,
    overrideAccess: true,
    depth: 0,
  })
  if (['sent', 'partly_failed', 'failed'].includes(current.status)) break
  if (Date.now() - started > TIMEOUT_MS) throw new Error('the fan-out did not finish within 10 minutes')
}
const finishedAt = Date.now()
const final = await payload.findByID({
  collection: 'notifications',
  id: notification.id,
  overrideAccess: true,
  depth: 0,
})
closeEmailPool()
await new Promise<void>((resolve) => sink.close(() => resolve()))

const messages = [...received.values()].reduce((a, b) => a + b, 0)
const duplicates = [...received.values()].filter((n) => n > 1).length
const seconds = (finishedAt - started) / 1000
const result = {
  subscribers: SUBSCRIBERS,
  messages,
  distinctRecipients: received.size,
  duplicates,
  status: final.status,
  sent: final.sent,
  failed: final.failed,
  seconds,
  firstMessageAfterSeconds: firstAt ? (firstAt - started) / 1000 : null,
  messagesPerSecond: messages / seconds,
  smtpConnections: Number(process.env.SMTP_MAX_CONNECTIONS ?? 5) || 5,
}
console.log(
  `${messages} messages to ${received.size} recipients in ${seconds.toFixed(1)} s (${result.messagesPerSecond.toFixed(0)}/s), ${duplicates} duplicates, status ${final.status}`,
)
console.log(`NOTIFY_RESULT ${JSON.stringify(result)}`)
process.exit(0)
