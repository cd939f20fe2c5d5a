/**
 * Sending e-mail: one pooled SMTP transport (nodemailer) per configuration, from SMTP_URL when set, else from the
 * e-mail settings global. The transport is rebuilt when the configuration changes, and kept in the runtime state
 * (src/runtime/state.ts) because Next bundles its own copy of this module for routes and jobs.
 */
import { createTransport } from 'nodemailer'
import type { Payload } from 'payload'

import { type Env, env } from '@/config/env'
import { REVEAL_SECRETS } from '@/fields/secret'
import { CONNECTION_NEVER_OPENED, describeFailure } from '@/net/outbound-url'
import { peekSlot, setSlot } from '@/runtime/state'

import { sendingDisabledReason } from './sending-allowed'

export interface EmailConfig {
  /** nodemailer transport options (without the pool settings). */
  transport: Record<string, unknown>
  from: string
  replyTo?: string
}

export class ChannelNotConfigured extends Error {}

/**
 * A send failed. `permanent`: trying again cannot help (the server refused the recipient or the message).
 * `uncertain`: the message may have arrived (the failure came after it left), so it must not be sent again.
 * The message is what the deliveries record shows: a fixed text, never what the far side said.
 */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly certainty: 'not-sent' | 'uncertain' = 'not-sent',
    /** The server's own reply line, for the administrator's test message only (src/notify/test-message.ts). */
    readonly reply?: string,
  ) {
    super(message)
  }
}

export async function emailConfig(payload: Payload, variables: Env = env()): Promise<EmailConfig> {
  const settings = await payload.findGlobal({
    slug: 'email-settings',
    overrideAccess: true,
    context: REVEAL_SECRETS,
    depth: 0,
  })
  const from = variables.SMTP_FROM || settings.from?.trim() || ''
  const replyTo = settings.replyTo?.trim() || undefined
  const smtpUrl = variables.SMTP_URL
  if (smtpUrl) return { transport: { url: smtpUrl }, from: from || 'status@localhost', replyTo }
  if (!settings.host?.trim())
    throw new ChannelNotConfigured('E-mail is not configured: set the SMTP host in E-mail settings, or SMTP_URL.')
  if (!from) throw new ChannelNotConfigured('E-mail is not configured: set the From address in E-mail settings.')
  const security = settings.security ?? 'starttls'
  return {
    transport: {
      host: settings.host.trim(),
      port: settings.port ?? 587,
      secure: security === 'tls',
      requireTLS: security === 'starttls',
      ignoreTLS: security === 'none',
      ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    },
    from,
    replyTo,
  }
}

type Transporter = ReturnType<typeof createPool>

export interface EmailPool {
  key: string
  transporter: Transporter
}

declare module '@/runtime/state' {
  interface RuntimeSlots {
    /** The pooled SMTP transport and the configuration it was built for. */
    emailPool: EmailPool
  }
}

function createPool(transport: Record<string, unknown>) {
  return createTransport({
    ...transport,
    pool: true,
    maxConnections: emailConnections(),
    maxMessages: Infinity,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
}

/** Connections kept open to the SMTP server; messages beyond this wait in nodemailer's queue. */
export const emailConnections = (settings: Env = env()): number => settings.SMTP_MAX_CONNECTIONS

export function transporterFor(config: EmailConfig): Transporter {
  const key = JSON.stringify(config.transport)
  const pool = peekSlot('emailPool')
  if (pool?.key === key) return pool.transporter
  pool?.transporter.close()
  const transporter = createPool(config.transport)
  setSlot('emailPool', { key, transporter })
  return transporter
}

export function closeEmailPool(): void {
  peekSlot('emailPool')?.transporter.close()
  setSlot('emailPool', undefined)
}

export interface EmailMessage {
  to: string
  /** Instead of the configured sender: a page's name before the configured address (docs/pages.md). */
  from?: { name: string; address: string }
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  messageId?: string
}

interface SmtpError {
  code?: string
  response?: string
  originalCode?: string
  responseCode?: number
  timeoutType?: string
}

/** nodemailer's failures that happen while connecting or logging in, before any message was handed over. */
const CONNECT_PHASE_CODES = new Set(['EDNS', 'ETLS', 'EAUTH'])
const CONNECT_PHASE_CAUSES = new Set<string>(CONNECTION_NEVER_OPENED)
const CONNECT_PHASE_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT'])

/**
 * An SMTP reply decides: 5xx is permanent (the server refused), 4xx is worth a retry. Without a reply, only a
 * failure to connect is retried; a timeout or dropped connection later in the session may come after the server
 * took the message, so it is uncertain and not retried (at most once). The recorded text names the reply code and
 * nothing the server wrote; the details go to the log.
 */
function classify(error: unknown): SendFailure {
  const { code, originalCode, response, responseCode, timeoutType } = (error ?? {}) as SmtpError
  if (typeof responseCode === 'number') {
    const permanent = responseCode >= 500 && responseCode < 600
    const what = code === 'EAUTH' ? 'the login' : 'the message'
    const reply = typeof response === 'string' ? response.slice(0, 300) : undefined
    return new SendFailure(`SMTP server refused ${what} (reply ${responseCode}).`, permanent, 'not-sent', reply)
  }
  // nodemailer found the addresses unusable itself: nothing was sent, and nothing would change on a retry.
  if (code === 'EENVELOPE')
    return new SendFailure('The message was not sent: its sender or recipient address is unusable.', true)
  const beforeSending =
    (code !== undefined && CONNECT_PHASE_CODES.has(code)) ||
    (originalCode !== undefined && CONNECT_PHASE_CAUSES.has(originalCode)) ||
    (timeoutType !== undefined && CONNECT_PHASE_TIMEOUTS.has(timeoutType))
  if (beforeSending) return new SendFailure('SMTP server unreachable (no connection).', false)
  return new SendFailure(
    'The SMTP connection failed after the message may have been sent; it is not sent again.',
    false,
    'uncertain',
  )
}

export async function sendEmail(config: EmailConfig, message: EmailMessage, logger?: Payload['logger']): Promise<void> {
  const disabled = sendingDisabledReason()
  if (disabled) throw new ChannelNotConfigured(disabled)
  try {
    await transporterFor(config).sendMail({ from: config.from, replyTo: config.replyTo, ...message })
  } catch (error) {
    logger?.warn(`SMTP send failed: ${describeFailure(error)}`)
    throw classify(error)
  }
}
