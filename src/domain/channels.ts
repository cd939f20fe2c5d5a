/**
 * The subscription channels, one row each: which subscriber field holds the address, what a visitor is told when
 * the channel cannot take a subscription now, and which channel carries its confirmation. A new subscriber type is
 * a new row here (the type checker asks for it) and an adapter in src/notify/adapters/.
 */
import type { Channel, NotificationKind } from './notifications'

/** Whether each channel can deliver now (src/notify/channels.ts decides it from the settings). */
export type Channels = Record<Channel, boolean>

/** The channels the compact form on `/` offers (the full form at `/subscribe` offers every channel). */
export type FormChannels = Pick<Channels, 'email' | 'sms'>

export interface ChannelRules {
  label: string
  /** The subscriber field that holds the address. */
  addressField: 'email' | 'phone' | 'url'
  /** The channel that carries the confirmation and the failure notices, when it is not the channel itself. */
  confirmBy?: Channel
  /** Why a visitor's subscription by this channel is refused while it cannot deliver. */
  refusal: string
  /** Whether it hears of each service's status change (Statuspage's component updates), besides incidents and maintenances. */
  serviceChanges?: boolean
  /**
   * A chat channel (Slack, Discord, Teams): a room a team reads, which speaks its page's default language; a visitor's
   * address must have the service's shape (src/domain/chat-urls.ts).
   */
  chat?: boolean
  /** Whether a subscription by it may follow one incident (Statuspage's incident subscription): e-mail and SMS. */
  followsIncident?: boolean
}

const BY_EMAIL = 'subscriptions are confirmed by e-mail, which is not configured on this site.'

export const CHANNEL_RULES: Record<Channel, ChannelRules> = {
  email: {
    label: 'E-mail',
    addressField: 'email',
    refusal: 'Subscriptions by e-mail are not available on this site; subscribe by text message (SMS) instead.',
    followsIncident: true,
  },
  sms: {
    label: 'Text message (SMS)',
    addressField: 'phone',
    refusal: 'Subscriptions by text message (SMS) are not available on this site; subscribe by e-mail instead.',
    followsIncident: true,
  },
  webhook: {
    label: 'Webhook',
    addressField: 'url',
    confirmBy: 'email',
    refusal: `Webhook ${BY_EMAIL}`,
    serviceChanges: true,
  },
  // A visitor's channel is confirmed through its contact e-mail, as a webhook is; an administrator's by adding it.
  slack: { label: 'Slack', addressField: 'url', confirmBy: 'email', refusal: `Slack ${BY_EMAIL}`, chat: true },
  discord: { label: 'Discord', addressField: 'url', confirmBy: 'email', refusal: `Discord ${BY_EMAIL}`, chat: true },
  teams: {
    label: 'Microsoft Teams',
    addressField: 'url',
    confirmBy: 'email',
    refusal: `Microsoft Teams ${BY_EMAIL}`,
    chat: true,
  },
}

export const CHANNEL_LABELS = Object.fromEntries(
  Object.entries(CHANNEL_RULES).map(([channel, rules]) => [channel, rules.label]),
) as Record<Channel, string>

/** Channels whose address is a URL: webhooks and chat services, sent to over HTTP through the outbound guard. */
export const isUrlChannel = (channel: Channel): boolean => CHANNEL_RULES[channel].addressField === 'url'

/** Whether a subscriber of `channel` hears of an event of `kind`. */
export const channelHears = (channel: Channel, kind: NotificationKind): boolean =>
  kind !== 'service_status_changed' || Boolean(CHANNEL_RULES[channel].serviceChanges)

export const NO_CHANNEL = 'Subscriptions are not available on this site: neither e-mail nor SMS is configured.'

/**
 * Whether a subscription by `channel` can be taken now: null when it can; else 'none' (no channel at all can send:
 * NO_CHANNEL), or the channel itself (its rule's refusal). For the pages, which say it in the reader's language.
 */
export function channelRefusalKind(channels: Channels, channel: Channel): 'none' | Channel | null {
  const { confirmBy } = CHANNEL_RULES[channel]
  if (channels[channel] && (!confirmBy || channels[confirmBy])) return null
  return !channels.email && !channels.sms ? 'none' : channel
}

/** Why a subscription by `channel` cannot be taken now, or null when it can. */
export function channelRefusal(channels: Channels, channel: Channel): string | null {
  const kind = channelRefusalKind(channels, channel)
  if (kind === null) return null
  return kind === 'none' ? NO_CHANNEL : CHANNEL_RULES[kind].refusal
}
