/**
 * The `deliverNotification` job: sends one notification to every matching verified subscriber, at most once each.
 * Only a claimed delivery row is sent, so running it again (a retry, another instance, a restart) sends nothing
 * twice; a run stops within its time budget and queues its continuation, so it is never taken for a dead one.
 * docs/architecture.md, "Subscriptions and notifications" (At most once, Jobs that outlive their process).
 */
import pLimit, { type LimitFunction } from 'p-limit'
import type { Payload, TaskConfig, Where } from 'payload'

import { type Env, env } from '@/config/env'
import { relationId, relationIds } from '@/db/relation-id'
import { channelHears, isUrlChannel } from '@/domain/channels'
import {
  type Channel,
  followerHears,
  nextAttemptAt,
  notificationOutcome,
  settledNotification,
  subscriberWantsEvent,
} from '@/domain/notifications'
import { REVEAL_SECRETS } from '@/fields/secret'
import type { Notification, Subscriber } from '@/payload-types'
import { isStopping } from '@/runtime/shutdown'
import { testHooks } from '@/runtime/test-hooks'
import { messageBaseUrl, messagePage } from '@/settings/base-url'
import { pageShows, scopeOfPage } from '@/settings/pages'
import type { PageMembership } from '@/domain/pages'
import type { Locale } from '@/domain/locales'

import {
  claimDeliveries,
  type ClaimedDelivery,
  deliveryCounts,
  insertDeliveries,
  interruptAbandoned,
  oldestClaimAt,
  markFailed,
  releaseClaim,
  markInterrupted,
  markSent,
  markSkipped,
  nextRetryAt,
  type Recipient,
} from './deliveries'
import { channelAdapter } from './adapters'
import { recordEndpointOutcome } from './endpoint-health'
import { ChannelNotConfigured, emailConnections, SendFailure } from './email'
import { manageUrl, rebased, unsubscribeUrl } from './links'
import type { NotificationContent } from './content'
import { endFollowersOfResolved } from './followers'
import { DELIVER_NOTIFICATION_TASK, NOTIFICATION_QUEUE } from './queue'
import { sendingDisabledReason } from './sending-allowed'
import { localeBase, subscriberLocale } from './language'
import { localizedContent } from './localize'
import { reportingFailure } from './task-failure'

/** How long a claimed job or delivery may stay silent before it counts as abandoned by a dead process. */
export const leaseMs = (settings: Env = env()) => settings.NOTIFY_LEASE_MS
/** The first retry wait of a failed delivery (then ×4 each time, src/domain/notifications.ts). */
const retryBaseMs = (settings: Env = env()) => settings.NOTIFY_RETRY_BASE_MS

const FINAL = new Set(['sent', 'partly_failed', 'failed', 'superseded'])

/** What decides who hears of a notification: the services it is about and the pages its incident or maintenance names. */
async function subjectOf(payload: Payload, notification: Notification): Promise<PageMembership> {
  // A service's status change is about that service (its id is in the content: deleting the service keeps the record).
  const change = (notification.content as unknown as NotificationContent).change
  if (change) return { serviceIds: [change.serviceId], pageIds: [] }
  const incident = relationId(notification.incident)
  const maintenance = relationId(notification.maintenance)
  const select = { affectedServices: true, pages: true } as const
  const doc = incident
    ? await payload.findByID({
        collection: 'incidents',
        id: incident,
        select,
        depth: 0,
        overrideAccess: true,
        disableErrors: true,
      })
    : maintenance
      ? await payload.findByID({
          collection: 'maintenances',
          id: maintenance,
          select,
          depth: 0,
          overrideAccess: true,
          disableErrors: true,
        })
      : null
  return { serviceIds: relationIds(doc?.affectedServices), pageIds: relationIds(doc?.pages) }
}

/**
 * Verified, active subscribers who want this event (src/domain/notifications.ts) and whose page shows it
 * (src/domain/pages.ts), with their channel and address. A subscription that follows one incident hears only that
 * incident (followerHears); an address that also hears it through its page's subscription gets it once, by that one.
 */
async function matchingRecipients(payload: Payload, notification: Notification): Promise<Recipient[]> {
  const subject = await subjectOf(payload, notification)
  const { docs } = await payload.find({
    collection: 'subscribers',
    // A quarantined endpoint (src/domain/endpoint-health.ts) is sent nothing until a test delivery succeeds.
    where: {
      and: [{ verified: { equals: true } }, { active: { equals: true } }, { quarantinedAt: { exists: false } }],
    },
    select: { type: true, email: true, phone: true, url: true, services: true, page: true, incidentKey: true },
    // incidentKey is hidden from every reader but server code.
    showHiddenFields: true,
    sort: 'id',
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  const shows = new Map<number | null, Promise<boolean>>()
  const pageShowsIt = (pageId: number | null) => {
    let answer = shows.get(pageId)
    if (!answer)
      shows.set(pageId, (answer = scopeOfPage(payload, pageId).then((scope) => pageShows(payload, scope, subject))))
    return answer
  }
  const about = { kind: notification.kind, incident: relationId(notification.incident) }
  const recipients: Recipient[] = []
  const followers: (Recipient & { page: number | null })[] = []
  const heard = new Set<string>()
  const key = (channel: Channel, address: string, page: number | null) => `${channel} ${page ?? 0} ${address}`
  for (const subscriber of docs) {
    const channel: Channel = subscriber.type
    const followed = subscriber.incidentKey ?? 0
    const wants = followed
      ? followerHears(followed, about)
      : channelHears(channel, notification.kind) &&
        subscriberWantsEvent(relationIds(subscriber.services), subject.serviceIds)
    if (!wants) continue
    const page = relationId(subscriber.page)
    if (!(await pageShowsIt(page))) continue
    const address = channelAdapter(channel).address(subscriber)
    if (!address) continue
    const recipient = { subscriberId: subscriber.id, channel, address }
    if (followed) followers.push({ ...recipient, page })
    else {
      recipients.push(recipient)
      heard.add(key(channel, address, page))
    }
  }
  for (const { page, ...follower } of followers)
    if (!heard.has(key(follower.channel, follower.address, page))) recipients.push(follower)
  return recipients
}

/** Channel settings, read once per run; a channel that is not configured fails its deliveries (retried later). */
class Channels {
  private readonly configs = new Map<Channel, Promise<unknown>>()
  constructor(private readonly payload: Payload) {}
  config(channel: Channel): Promise<unknown> {
    let config = this.configs.get(channel)
    if (!config) {
      config = channelAdapter(channel).config(this.payload, env())
      this.configs.set(channel, config)
    }
    return config
  }
}

type Recipients = Map<number, Subscriber>

async function loadSubscribers(payload: Payload, ids: number[]): Promise<Recipients> {
  if (ids.length === 0) return new Map()
  const { docs } = await payload.find({
    collection: 'subscribers',
    where: { id: { in: ids } },
    showHiddenFields: true,
    // A webhook's signing secret, which only server code may read (src/fields/secret.ts).
    context: REVEAL_SECRETS,
    pagination: false,
    depth: 0,
    overrideAccess: true,
  })
  return new Map(docs.map((doc) => [doc.id, doc]))
}

interface RunContext {
  payload: Payload
  notification: Notification
  channels: Channels
  host: string
  clock: () => Date
  /** What a subscriber of each page gets: the content with the page's name and links, and the base of its own. */
  forPage: (pageId: number | null) => Promise<PageMessage>
}

interface PageMessage {
  content: NotificationContent
  base: string
  senderName?: string
  /** The page's default language: its links carry no language prefix. */
  language: Locale
  /** The content in a reader's language (src/notify/localize.ts), made once per language. */
  inLocale: (locale: Locale) => NotificationContent
}

/** The content and links of each subscriber's page (docs/pages.md), made once per page and run. */
function pageContents(payload: Payload, content: NotificationContent, base: string): RunContext['forPage'] {
  const made = new Map<number | null, Promise<PageMessage>>()
  const make = async (pageId: number | null): Promise<PageMessage> => {
    const page = await messagePage(payload, pageId)
    const logo = page.logo ?? undefined
    const own: Omit<PageMessage, 'inLocale'> =
      page.name === null
        ? { content: { ...content, logo }, base, language: page.language }
        : {
            content: {
              ...content,
              logo,
              siteName: page.name,
              url: rebased(content.url, base, page.base),
              pageId: pageId ?? undefined,
            },
            base: page.base,
            senderName: page.name,
            language: page.language,
          }
    const locales = new Map<Locale, NotificationContent>()
    const inLocale = (locale: Locale) => {
      let localized = locales.get(locale)
      if (!localized) {
        localized = localizedContent(own.content, locale, page)
        // The details link in the reader's language: `/de/i/<id>` unless it is the page's own.
        localized.url = rebased(localized.url, own.base, localeBase(own.base, locale, own.language))
        locales.set(locale, localized)
      }
      return localized
    }
    return { ...own, inLocale }
  }
  return (pageId) => {
    let forPage = made.get(pageId)
    if (!forPage) made.set(pageId, (forPage = make(pageId)))
    return forPage
  }
}

async function deliverOne(run: RunContext, delivery: ClaimedDelivery, subscribers: Recipients): Promise<boolean> {
  const { payload } = run
  const disabled = sendingDisabledReason()
  if (disabled) {
    await markSkipped(payload, delivery.id, disabled)
    return false
  }
  const subscriber = delivery.subscriberId !== null ? subscribers.get(delivery.subscriberId) : undefined
  if (
    !subscriber ||
    !subscriber.active ||
    !subscriber.verified ||
    !subscriber.unsubscribeToken ||
    !delivery.address ||
    subscriber.quarantinedAt
  ) {
    await markSkipped(payload, delivery.id, 'The subscriber unsubscribed or was removed before this was sent.')
    return false
  }
  const forPage = await run.forPage(relationId(subscriber.page))
  const locale = subscriberLocale(subscriber, forPage.language)
  const content = forPage.inLocale(locale)
  // The subscriber's links in their language: `/de/manage/<token>` unless it is the page's default.
  const base = localeBase(forPage.base, locale, forPage.language)
  const leave = unsubscribeUrl(base, subscriber.unsubscribeToken)
  const now = run.clock()
  // Webhooks and chat endpoints keep a record of their failures, which quarantines them after 3 days.
  const health = isUrlChannel(delivery.channel)
    ? (ok: boolean, reason?: string) => recordEndpointOutcome(payload, subscriber, ok, now, reason)
    : async () => undefined
  try {
    const adapter = channelAdapter(delivery.channel)
    await adapter.send(await run.channels.config(delivery.channel), {
      payload,
      notification: run.notification,
      content,
      deliveryId: delivery.id,
      address: delivery.address,
      subscriber,
      unsubscribeUrl: leave,
      manageUrl: manageUrl(base, subscriber.unsubscribeToken),
      senderName: forPage.senderName,
      locale,
      host: run.host,
      now,
      following: Boolean(subscriber.incidentKey),
    })
    await markSent(payload, delivery.id)
    await health(true)
    return true
  } catch (error) {
    if (error instanceof SendFailure) await health(false, error.message)
    if (error instanceof SendFailure && error.certainty === 'uncertain') {
      await markInterrupted(payload, delivery.id, error.message)
      return false
    }
    const permanent = error instanceof SendFailure && error.permanent
    // An unexpected error's text stays in the log: it may carry details of the server's network.
    const message =
      error instanceof SendFailure || error instanceof ChannelNotConfigured
        ? error.message
        : 'Unexpected error while sending (see the server log).'
    if (!(error instanceof SendFailure) && !(error instanceof ChannelNotConfigured))
      payload.logger.error({ err: error, msg: 'Notification delivery failed' })
    await markFailed(
      payload,
      delivery.id,
      message,
      nextAttemptAt(delivery.attempts, permanent, new Date(), retryBaseMs()),
    )
    return false
  }
}

/** A settled notification of an automated incident: replaced by a newer one, or with nothing left to say. */
async function superseded(payload: Payload, notification: Notification): Promise<boolean> {
  const incident = relationId(notification.incident)
  if (incident === null) return false
  const count = (where: Where) =>
    payload
      .count({
        collection: 'notifications',
        where: { and: [{ incident: { equals: incident } }, where] },
        overrideAccess: true,
      })
      .then((r) => r.totalDocs)
  const [newer, told] = await Promise.all([
    count({ id: { greater_than: notification.id } }),
    count({ status: { in: ['sending', 'sent', 'partly_failed', 'failed'] } }),
  ])
  return (
    settledNotification({
      newerExists: newer > 0,
      resolves: notification.kind === 'incident_resolved',
      anyoneTold: told > 0,
    }) === 'superseded'
  )
}

export interface DeliveryRun {
  sent: number
  /** 'done': every delivery has its outcome; 'continued': a continuation job is queued. */
  state: 'done' | 'continued'
}

const queueContinuation = (payload: Payload, notificationId: number, waitUntil?: Date) =>
  payload.jobs.queue({
    task: DELIVER_NOTIFICATION_TASK,
    input: { notification: notificationId },
    queue: NOTIFICATION_QUEUE,
    waitUntil,
  })

/** Runs of each notification under way in this process: their claims are a live run's, never a dead process's. */
const runsHere = new Map<number, number>()

/**
 * `clock`: the time the endpoints' health records and signatures carry, and the run's time budget is measured by
 * (tests inject theirs).
 */
export async function deliverNotification(
  payload: Payload,
  notificationId: number,
  settings: Env = env(),
  clock: () => Date = () => new Date(),
): Promise<DeliveryRun> {
  runsHere.set(notificationId, (runsHere.get(notificationId) ?? 0) + 1)
  try {
    return await runDelivery(payload, notificationId, settings, clock)
  } finally {
    const left = (runsHere.get(notificationId) ?? 1) - 1
    if (left > 0) runsHere.set(notificationId, left)
    else runsHere.delete(notificationId)
  }
}

async function runDelivery(
  payload: Payload,
  notificationId: number,
  settings: Env,
  clock: () => Date,
): Promise<DeliveryRun> {
  const notification = await payload.findByID({
    collection: 'notifications',
    id: notificationId,
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (!notification) return { sent: 0, state: 'done' }
  if (FINAL.has(notification.status)) {
    await afterOutcome(payload, notification)
    return { sent: 0, state: 'done' }
  }
  if (await settledAsSuperseded(payload, notification)) {
    await afterOutcome(payload, notification)
    return { sent: 0, state: 'done' }
  }
  if (notification.status === 'queued') await openDeliveries(payload, notification)
  const lease = leaseMs(settings)
  await interruptAbandoned(payload, new Date(Date.now() - lease), notification.id)

  const base = await messageBaseUrl(payload)
  const run: RunContext = {
    payload,
    notification,
    forPage: pageContents(payload, notification.content as unknown as NotificationContent, base),
    channels: new Channels(payload),
    host: new URL(base).hostname || 'localhost',
    clock,
  }
  const { sent, outOfTime } = await sendClaimed(run, settings, lease)
  if (outOfTime) {
    await queueContinuation(payload, notification.id)
    return { sent, state: 'continued' }
  }
  const state = await settle(payload, notification.id, lease)
  if (state === 'done') await afterOutcome(payload, notification)
  return { sent, state }
}

/**
 * Once an incident's resolution has every delivery's outcome, the incident's followers have heard it: they end
 * (src/notify/followers.ts). Not before: a run of this process may still be sending it, and would find them ended
 * and skip them; that run ends them when it settles. Ending twice changes nothing, so a run of a notification that
 * is already settled ends them too (its process may have stopped in between).
 */
async function afterOutcome(payload: Payload, notification: Notification): Promise<void> {
  const incident = relationId(notification.incident)
  if (notification.kind !== 'incident_resolved' || incident === null) return
  const settled = await payload.findByID({
    collection: 'notifications',
    id: notification.id,
    select: { status: true },
    depth: 0,
    overrideAccess: true,
    disableErrors: true,
  })
  if (settled && FINAL.has(settled.status)) await endFollowersOfResolved(payload, incident)
}

/** A queued notification of an automated incident that has nothing left to say is closed without a delivery. */
async function settledAsSuperseded(payload: Payload, notification: Notification): Promise<boolean> {
  if (
    notification.status !== 'queued' ||
    !(notification.content as unknown as NotificationContent | null)?.settling ||
    !(await superseded(payload, notification))
  )
    return false
  await payload.update({
    collection: 'notifications',
    id: notification.id,
    data: { status: 'superseded', recipients: 0, completedAt: new Date().toISOString() },
    overrideAccess: true,
    depth: 0,
  })
  return true
}

/** The first run: a pending delivery per matching subscriber, and the notification marked as sending. */
async function openDeliveries(payload: Payload, notification: Notification): Promise<void> {
  const recipients = await matchingRecipients(payload, notification)
  await insertDeliveries(payload, notification.id, recipients)
  await payload.update({
    collection: 'notifications',
    id: notification.id,
    data: { status: 'sending', recipients: recipients.length },
    overrideAccess: true,
    depth: 0,
  })
}

/** Claims and sends batches until none is left or the run's time is up (`outOfTime`: a continuation must follow). */
async function sendClaimed(
  run: RunContext,
  settings: Env,
  lease: number,
): Promise<{ sent: number; outOfTime: boolean }> {
  const { payload, notification, clock } = run
  // Well inside the lease, so a live run is never taken for a dead one. Checked before each send, not only between
  // batches: a batch of slow sends queued behind each other on the pooled connections could otherwise start a send
  // after its claim counts as abandoned, and another instance would record it interrupted while it was being sent.
  const deadline = clock().getTime() + Math.min(20_000, lease / 3)
  const timeIsUp = () => clock().getTime() >= deadline || isStopping()
  // As many sends at once as there are connections, so a send starts when it is called, not later in a queue.
  const sending = pLimit(emailConnections(settings))
  let sent = 0
  for (;;) {
    // A process that is stopping hands the rest to a continuation job, which another instance (or this one, once
    // restarted) takes: nothing stays claimed by a process that is gone.
    if (timeIsUp()) return { sent, outOfTime: true }
    const batch = await claimDeliveries(payload, notification.id, emailConnections(settings) * 2)
    if (batch.length === 0) return { sent, outOfTime: false }
    const result = await sendBatch(run, batch, sending, timeIsUp)
    sent += result.sent
    // The crash tests' fault injection (src/runtime/test-hooks.ts): never installed in production.
    testHooks().afterDeliveryBatch?.(result.sent)
    if (result.released > 0) return { sent, outOfTime: true }
  }
}

/** Sends one claimed batch; a delivery whose send would start after the time is up is handed back (`released`). */
async function sendBatch(
  run: RunContext,
  batch: ClaimedDelivery[],
  sending: LimitFunction,
  timeIsUp: () => boolean,
): Promise<{ sent: number; released: number }> {
  const subscribers = await loadSubscribers(
    run.payload,
    batch.flatMap((d) => (d.subscriberId !== null ? [d.subscriberId] : [])),
  )
  let released = 0
  const results = await Promise.all(
    batch.map((delivery) =>
      sending(async () => {
        if (!timeIsUp()) return deliverOne(run, delivery, subscribers)
        // Not started, so handed back whole: the continuation sends it.
        await releaseClaim(run.payload, delivery.id)
        released += 1
        return false
      }),
    ),
  )
  return { sent: results.filter(Boolean).length, released }
}

/** Records the counts once no delivery is left to claim, and either the outcome or when to come back. */
async function settle(payload: Payload, notificationId: number, lease: number): Promise<DeliveryRun['state']> {
  const counts = await deliveryCounts(payload, notificationId)
  const failed = counts.failed + counts.interrupted
  const retryAt = await nextRetryAt(payload, notificationId)
  // Deliveries another run holds: that run finishes the notification. Unless it runs in this process, its process
  // may have died (a job is handed back a lease after it started, when the claims it made are not that old yet): a
  // run comes back once they are older than the lease and marks them interrupted; nothing stays sending for good.
  const heldHere = (runsHere.get(notificationId) ?? 0) > 1
  const claimedAt = counts.sending > 0 && !heldHere ? await oldestClaimAt(payload, notificationId) : null
  const heldUntil = claimedAt ? new Date(claimedAt.getTime() + lease + 1) : null
  const comeBackAt = retryAt && (!heldUntil || retryAt < heldUntil) ? retryAt : heldUntil
  if (comeBackAt || counts.sending > 0) {
    await payload.update({
      collection: 'notifications',
      id: notificationId,
      data: { sent: counts.sent, failed },
      overrideAccess: true,
      depth: 0,
    })
    // Failures waiting for their retry, or claims waiting for their lease: come back then.
    if (comeBackAt) await queueContinuation(payload, notificationId, comeBackAt)
    return comeBackAt ? 'continued' : 'done'
  }
  await payload.update({
    collection: 'notifications',
    id: notificationId,
    data: {
      status: notificationOutcome({ sent: counts.sent, failed }),
      sent: counts.sent,
      failed,
      completedAt: new Date().toISOString(),
    },
    overrideAccess: true,
    depth: 0,
  })
  return 'done'
}

export const deliverNotificationTask: TaskConfig<'deliverNotification'> = {
  slug: DELIVER_NOTIFICATION_TASK,
  label: 'Send a notification to subscribers',
  inputSchema: [{ name: 'notification', type: 'number', required: true }],
  outputSchema: [
    { name: 'sent', type: 'number', required: true },
    { name: 'state', type: 'text', required: true },
  ],
  // A run that throws (the database went away) is run again; deliveries already claimed are not sent again.
  retries: { attempts: 10, backoff: { type: 'exponential', delay: 5_000 } },
  handler: async ({ input, req }) => ({
    output: await reportingFailure(req.payload, `Delivery of notification ${input.notification}`, () =>
      deliverNotification(req.payload, input.notification),
    ),
  }),
}
