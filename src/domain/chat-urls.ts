/**
 * The shapes of the incoming-webhook addresses Slack, Discord and Microsoft Teams hand out, which a visitor's chat
 * subscription must have (an administrator may add any URL: a Slack-compatible chat of their own, say). A visitor
 * could otherwise use the subscribe form to make the server post to any address that answers JSON; checked by shape
 * here, then by the outbound policy (src/net/outbound-url.ts) like every address somebody typed.
 *
 * - Slack: `https://hooks.slack.com/services/T…/B…/…` (api.slack.com/messaging/webhooks).
 * - Discord: `https://discord.com/api/webhooks/<id>/<token>` (also `discordapp.com`, `ptb.`/`canary.discord.com`, and a
 *   versioned `/api/v10/webhooks/…`) (discord.com/developers/docs/resources/webhook).
 * - Teams: a Workflows webhook, `https://<…>.logic.azure.com/workflows/…` or
 *   `https://<…>.environment.api.powerplatform.com/powerautomate/automations/direct/workflows/…`, or the older
 *   connector's `https://<tenant>.webhook.office.com/webhookb2/…`.
 *
 * Pure: the origins a deployment's tests (or a proxy in front of the services) put in their place come as an argument
 * (CHAT_WEBHOOK_ORIGINS, src/config/env.ts).
 */
export const CHAT_CHANNELS = ['slack', 'discord', 'teams'] as const
export type ChatChannel = (typeof CHAT_CHANNELS)[number]

export const isChatChannel = (type: unknown): type is ChatChannel =>
  typeof type === 'string' && (CHAT_CHANNELS as readonly string[]).includes(type)

/** In place of a service's own hosts: its webhooks live under this origin (`http://127.0.0.1:8080`). */
export type ChatOrigins = Partial<Record<ChatChannel, string>>

interface Shape {
  /** Whether a host (lower case) is one of the service's. */
  host: (host: string) => boolean
  /** The paths its webhooks have, after the host. */
  paths: RegExp[]
  /** What the refusal shows as an example. */
  example: string
}

const token = '[A-Za-z0-9_-]+'
const under = (suffix: string) => (host: string) => host.endsWith(suffix) && host.length > suffix.length

const SHAPES: Record<ChatChannel, Shape> = {
  slack: {
    host: (host) => host === 'hooks.slack.com',
    paths: [new RegExp(`^/services/${token}/${token}/${token}$`)],
    example: 'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
  },
  discord: {
    host: (host) => ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com'].includes(host),
    paths: [new RegExp(`^/api/(v\\d+/)?webhooks/\\d+/${token}$`)],
    example: 'https://discord.com/api/webhooks/123456789012345678/XXXXXXXX',
  },
  teams: {
    host: (host) =>
      under('.logic.azure.com')(host) ||
      under('.environment.api.powerplatform.com')(host) ||
      under('.webhook.office.com')(host),
    paths: [
      /^\/workflows\/[^/]+\//,
      /^\/powerautomate\/automations\/direct\/workflows\/[^/]+\//,
      /^\/webhookb2\/[^/]+/,
    ],
    example: 'https://prod-00.westus.logic.azure.com/workflows/…/triggers/manual/paths/invoke?…',
  },
}

/** An example of the service's webhook address, for a form's hint and a refusal. */
export const chatUrlExample = (channel: ChatChannel): string => SHAPES[channel].example

/**
 * Whether `url` (already a parsed, normalised http(s) URL) is an incoming-webhook address of `channel`: on the
 * service's hosts over https, or under the origin `origins` names for it instead.
 */
export function isChatWebhookUrl(channel: ChatChannel, url: string, origins: ChatOrigins = {}): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const shape = SHAPES[channel]
  const instead = origins[channel]
  const place = instead
    ? parsed.origin === new URL(instead).origin
    : parsed.protocol === 'https:' && shape.host(parsed.hostname.toLowerCase())
  return place && shape.paths.some((path) => path.test(parsed.pathname))
}

/** `slack=http://127.0.0.1:8080,teams=…`: the origins that stand in for the services' hosts; throws on a bad entry. */
export function parseChatOrigins(raw: string | undefined): ChatOrigins {
  const origins: ChatOrigins = {}
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (!entry) continue
    const [channel, address] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]
    if (!isChatChannel(channel)) throw new Error(`"${entry}": name slack, discord or teams before the "="`)
    let origin: URL
    try {
      origin = new URL(address)
    } catch {
      throw new Error(`"${entry}": give an origin such as http://127.0.0.1:8080 after the "="`)
    }
    if (origin.protocol !== 'https:' && origin.protocol !== 'http:')
      throw new Error(`"${entry}": the origin must be http:// or https://`)
    origins[channel] = origin.origin
  }
  return origins
}
