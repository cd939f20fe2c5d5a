/**
 * Every environment variable the service reads, parsed by one zod schema into one typed, frozen object. server.ts
 * parses it before anything starts, so a bad value refuses start-up with one line naming the variable; code inside
 * Next (which bundles its own copy of this module) parses the same environment lazily, once, on first access.
 *
 * One convention: unset or empty means the default; anything else must be valid or the process does not start.
 * The one documented exception is DEMO_RESET_INTERVAL_MINUTES, which falls back to 60 with a warning (the contract
 * says so). The README's variable tables list exactly OPERATOR_VARIABLES (tests/unit/config/env.test.ts checks it).
 */
import ipaddr from 'ipaddr.js'
import { z } from 'zod'

import { DEFAULT_AUDIT_RETENTION_DAYS } from '@/domain/audit'
import { type ChatOrigins, parseChatOrigins } from '@/domain/chat-urls'
import { parseResetInterval } from '@/domain/demo'

import { parseTrustedProxies } from './trusted-proxies'

type Raw = string | undefined
const isBlank = (raw: Raw): raw is undefined => raw === undefined || raw.trim() === ''

/** A trimmed string, or undefined when unset or blank. */
const text = () =>
  z
    .string()
    .optional()
    .transform((raw) => raw?.trim() || undefined)

/** A whole number of at least `min`; unset or blank gives `fallback`. */
function whole<F extends number | undefined>(
  fallback: F,
  { min = 0, max = Infinity, says = 'a whole number' }: { min?: number; max?: number; says?: string } = {},
) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): number | F => {
      if (isBlank(raw)) return fallback
      const value = Number(raw.trim())
      if (Number.isInteger(value) && value >= min && value <= max) return value
      ctx.addIssue({ code: 'custom', message: `must be ${says}, got "${raw}"` })
      return z.NEVER
    })
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on'])
const FALSE_WORDS = new Set(['false', '0', 'no', 'off'])

/** A boolean in any usual spelling (true/false, 1/0, yes/no, on/off; any case); unset or blank is false. */
const flag = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim().toLowerCase()
      if (!value || FALSE_WORDS.has(value)) return false
      if (TRUE_WORDS.has(value)) return true
      ctx.addIssue({ code: 'custom', message: `must be true or false (or 1/0, yes/no, on/off), got "${raw}"` })
      return z.NEVER
    })

const commaList = (raw: Raw) =>
  (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number]

const schema = z.object({
  // Where the server listens.
  PORT: whole(3000, { max: 65535, says: 'a port number' }),
  HOST: text().transform((value) => value ?? '0.0.0.0'),
  // Database and secrets.
  DATABASE_URL: text().transform((value, ctx) => {
    if (value === undefined || value.startsWith('file:') || /^postgres(ql)?:\/\//.test(value)) return value
    ctx.addIssue({
      code: 'custom',
      message: `must start with postgres://, postgresql:// or file: (got "${value.split(':')[0]}:...")`,
    })
    return z.NEVER
  }),
  // Resolved (and checked) by src/config/secret.ts, which may generate one.
  PAYLOAD_SECRET: z.string().optional(),
  DATABASE_POOL_MAX: whole(10, { min: 1, says: 'a whole number of at least 1' }),
  DATABASE_CONNECT_TIMEOUT_MS: whole(5000, { min: 1, says: 'a whole number of milliseconds' }),
  DATABASE_STATEMENT_TIMEOUT_MS: whole(15_000, { min: 1, says: 'a whole number of milliseconds' }),
  ADMIN_EMAIL: text(),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((raw) => raw || undefined),
  // The first administrator's API key, for automation that provisions a new instance (src/config/first-admin.ts).
  ADMIN_API_KEY: text().transform((value, ctx) => {
    if (value === undefined || /^[\x21-\x7e]{24,}$/.test(value)) return value
    ctx.addIssue({ code: 'custom', message: 'must be 24 or more printable characters without spaces (e.g. a UUID)' })
    return z.NEVER
  }),
  PUBLIC_URL: text(),
  // Login throttle (src/auth/login-throttle.ts).
  LOGIN_FAILURES_PER_ACCOUNT: whole(10, { min: 1, says: 'a whole number of at least 1' }),
  LOGIN_FAILURES_PER_ADDRESS: whole(30, { min: 1, says: 'a whole number of at least 1' }),
  LOGIN_THROTTLE_WINDOW_MINUTES: whole(15, { min: 1, says: 'a whole number of at least 1' }),
  // The edge (src/edge/front.ts).
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      try {
        return parseTrustedProxies(raw)
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: `must be comma-separated addresses, CIDRs or loopback/linklocal/uniquelocal (${(error as Error).message})`,
        })
        return z.NEVER
      }
    }),
  // Serves the pseudo-locale (/en-xa/…) that shows every untranslated text: for the tests (docs/languages.md).
  I18N_PSEUDO_LOCALE: flag(),
  RATE_LIMIT_PUBLIC_PER_MINUTE: whole(100),
  RATE_LIMIT_SUBSCRIBE_PER_HOUR: whole(5),
  RATE_LIMIT_CMS_PER_MINUTE: whole(60),
  RATE_LIMIT_INTEGRATION_PER_MINUTE: whole(600),
  // A key firing again within this many minutes of its incident's resolution reopens it (a flapping alert).
  INTEGRATION_REOPEN_MINUTES: whole(10),
  INTEGRATION_SETTLE_SECONDS: whole(120),
  REDIS_URL: text(),
  RESPONSE_CACHE_MAX_ENTRIES: whole(5000),
  RESPONSE_CACHE_MAX_MB: whole(64),
  ORIGIN_CONCURRENCY: whole(4),
  // Where the last good copies of the public responses are kept across restarts (src/edge/last-good-file.ts); "" turns it off.
  LAST_GOOD_DIR: z
    .string()
    .optional()
    .transform((raw) => (raw === undefined ? 'data' : raw.trim())),
  // Request bodies at the edge (src/edge/request-body.ts).
  REQUEST_BODY_MAX_KB: whole(1024, { min: 1, says: 'a whole number of kilobytes, at least 1' }),
  UPLOAD_MAX_MB: whole(10, { min: 1, says: 'a whole number of megabytes, at least 1' }),
  REQUEST_BODY_TIMEOUT_MS: whole(30_000, { min: 1, says: 'a whole number of milliseconds' }),
  REQUEST_BODIES_PER_ADDRESS: whole(8, { says: 'a whole number (0 turns the bound off)' }),
  REQUEST_BODIES_MAX_MB: whole(64, { says: 'a whole number of megabytes (0 turns the bound off)' }),
  // The shutdown (server.ts): how long requests under way may take to finish after SIGTERM or SIGINT.
  SHUTDOWN_GRACE_MS: whole(10_000, { says: 'a whole number of milliseconds' }),
  // The static mirror of the public site (src/mirror); unset: none.
  STATIC_MIRROR_DIR: text(),
  // Background loops: unset means 1 s, except under the test runner (src/runtime/repeat.ts, intervalMs).
  MAINTENANCE_TICK_MS: whole(undefined, { says: 'a whole number of milliseconds (0 turns it off)' }),
  NOTIFY_TICK_MS: whole(undefined, { says: 'a whole number of milliseconds (0 turns it off)' }),
  SCHEDULE_TICK_MS: whole(undefined, { says: 'a whole number of milliseconds (0 turns it off)' }),
  // Metrics (src/services/metrics, docs/metrics.md): the loop that polls Prometheus and prunes old points, and how
  // long each resolution of points is kept.
  METRICS_TICK_MS: whole(undefined, { says: 'a whole number of milliseconds (0 turns it off)' }),
  METRICS_RAW_RETENTION_HOURS: whole(24, { min: 1, says: 'a whole number of hours' }),
  METRICS_FIVE_MINUTE_RETENTION_DAYS: whole(7, { min: 1, says: 'a whole number of days' }),
  METRICS_HOURLY_RETENTION_DAYS: whole(365, { min: 1, says: 'a whole number of days' }),
  PROMETHEUS_TIMEOUT_MS: whole(10_000, { min: 1, says: 'a whole number of milliseconds' }),
  // The audit log (src/audit): entries older than this are pruned by the schedule tick.
  AUDIT_RETENTION_DAYS: whole(DEFAULT_AUDIT_RETENTION_DAYS, { min: 1, says: 'a whole number of days, at least 1' }),
  // Notifications (src/notify).
  SMTP_URL: text(),
  SMTP_FROM: text(),
  SMTP_MAX_CONNECTIONS: whole(5, { min: 1, says: 'a whole number of at least 1' }),
  NOTIFY_LEASE_MS: whole(60_000, { min: 1, says: 'a whole number of milliseconds' }),
  NOTIFY_RETRY_BASE_MS: whole(30_000, { min: 1, says: 'a whole number of milliseconds' }),
  SUBSCRIBE_RESEND_SECONDS: whole(300, { says: 'a whole number of seconds' }),
  SMS_TIMEOUT_MS: whole(15_000, { min: 1, says: 'a whole number of milliseconds' }),
  // Webhook and chat deliveries: the connection, then the answer's headers, each within this (src/notify/adapters/http.ts).
  WEBHOOK_TIMEOUT_MS: whole(5_000, { min: 1, says: 'a whole number of milliseconds' }),
  // Outbound requests to addresses an administrator typed (src/net/outbound-url.ts).
  OUTBOUND_ALLOW_HTTP: flag(),
  OUTBOUND_ALLOWED_NETWORKS: z
    .string()
    .optional()
    .transform((raw, ctx): Network[] => {
      const networks: Network[] = []
      for (const entry of commaList(raw)) {
        try {
          if (entry.includes('/')) {
            networks.push(ipaddr.parseCIDR(entry))
          } else {
            // A bare address is a network of one.
            const address = ipaddr.parse(entry)
            networks.push([address, address.kind() === 'ipv4' ? 32 : 128])
          }
        } catch {
          ctx.addIssue({ code: 'custom', message: `is not a valid list of networks (at "${entry}")` })
          return z.NEVER
        }
      }
      return networks
    }),
  // Origins that stand in for Slack's, Discord's and Teams' hosts in a visitor's chat subscription (src/domain/chat-urls.ts).
  CHAT_WEBHOOK_ORIGINS: z
    .string()
    .optional()
    .transform((raw, ctx): ChatOrigins => {
      try {
        return parseChatOrigins(raw)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `is not a valid list of origins: ${(error as Error).message}` })
        return z.NEVER
      }
    }),
  // Single sign-on for operators (src/auth/operator-sso.ts, docs/operating.md); unset issuer: none.
  SSO_ISSUER: text().transform((value, ctx) => {
    if (value === undefined || /^https?:\/\/[^\s]+$/.test(value)) return value
    ctx.addIssue({ code: 'custom', message: "must be the identity provider's issuer URL (https://…)" })
    return z.NEVER
  }),
  SSO_CLIENT_ID: text(),
  SSO_CLIENT_SECRET: z
    .string()
    .optional()
    .transform((raw) => raw || undefined),
  SSO_LABEL: text().transform((value) => value ?? 'single sign-on'),
  SSO_SCOPES: text().transform((value) => value ?? 'openid email profile'),
  SSO_GROUPS_CLAIM: text().transform((value) => value ?? 'groups'),
  SSO_ADMIN_GROUPS: z.string().optional().transform(commaList),
  SSO_EDITOR_GROUPS: z.string().optional().transform(commaList),
  SSO_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .transform((raw) => commaList(raw).map((domain) => domain.replace(/^@/, '').toLowerCase())),
  // Unset: password sign-in stays allowed beside single sign-on.
  SSO_PASSWORD_SIGN_IN: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.trim().toLowerCase()
      if (!value || TRUE_WORDS.has(value)) return true
      if (FALSE_WORDS.has(value)) return false
      ctx.addIssue({ code: 'custom', message: `must be true or false (or 1/0, yes/no, on/off), got "${raw}"` })
      return z.NEVER
    }),
  // Demo mode (src/demo).
  DEMO_MODE: flag(),
  DEMO_USER_EMAIL: text().transform((value) => (value ?? 'demo@example.com').toLowerCase()),
  DEMO_USER_PASSWORD: z
    .string()
    .optional()
    .transform((raw) => raw || 'demo-password'),
  DEMO_RESET_INTERVAL_MINUTES: z.string().optional().transform(parseResetInterval),
  // Set by the tools, not by operators: the runtime mode, Next's build phase, Payload's migrate command.
  NODE_ENV: text(),
  NEXT_PHASE: text(),
  PAYLOAD_MIGRATING: flag(),
})

export type Env = Readonly<z.output<typeof schema>>

/** The variables an operator sets: the README's tables list exactly these. */
export const OPERATOR_VARIABLES: readonly string[] = Object.keys(schema.shape).filter(
  (name) => !['NODE_ENV', 'NEXT_PHASE', 'PAYLOAD_MIGRATING'].includes(name),
)

/** A value that stops the process: its message is one line naming each bad variable. */
export class ConfigError extends Error {}

/** Parses `variables` (for tests: any object of variables); throws a ConfigError naming every invalid variable. */
export function parseEnv(variables: Record<string, string | undefined>): Env {
  const result = schema.safeParse(variables)
  if (!result.success)
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; '))
  return Object.freeze(result.data)
}

let parsed: Env | undefined

/** The process's configuration, parsed from process.env on first access. */
export function env(): Env {
  parsed ??= parseEnv(process.env)
  return parsed
}

/**
 * Tests only: forget the parsed configuration, so the next access reads process.env again (a test file that
 * changes a variable after the service's modules were loaded).
 */
export function resetConfig(): void {
  parsed = undefined
}

/** Whether this process is `next build` collecting routes (nothing it starts outlives the build). */
export const isBuildPhase = (settings: Env = env()): boolean => settings.NEXT_PHASE === 'phase-production-build'
