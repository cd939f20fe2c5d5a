/**
 * `POST /api/subscribers/<id>/test-delivery` (administrators): sends one test message to a webhook or chat
 * subscriber now, and answers how it went. Saving a subscriber sends nothing; this is the only way to try an
 * endpoint. It goes through the same adapter and outbound guard as a notification, and a success lifts a
 * quarantine (src/domain/endpoint-health.ts). Demo mode sends nothing.
 */
import { randomBytes } from 'node:crypto'

import type { Endpoint } from 'payload'

import { noStoreJson as answer, recordEndpoint } from '@/access/endpoint-guard'
import { isAdmin } from '@/access/roles'
import { env } from '@/config/env'
import { isUrlChannel } from '@/domain/channels'
import { BadRequest } from '@/errors'
import { REVEAL_SECRETS } from '@/fields/secret'
import type { Notification } from '@/payload-types'
import { relationId } from '@/db/relation-id'
import { translator } from '@/i18n/translate'
import { messageBaseUrl, messagePage } from '@/settings/base-url'
import { siteSettings } from '@/settings/site-settings'

import { channelAdapter } from './adapters'
import { SendFailure } from './email'
import { recordEndpointOutcome } from './endpoint-health'
import { subscriberLocale } from './language'
import { manageUrl, unsubscribeUrl } from './links'
import { sendingDisabledReason } from './sending-allowed'

export const testDeliveryEndpoint: Endpoint = recordEndpoint(
  {
    path: '/:id/test-delivery',
    method: 'post',
    allowed: isAdmin,
    collection: 'subscribers',
    read: { showHiddenFields: true, context: REVEAL_SECRETS },
  },
  async (req, subscriber) => {
    const { payload } = req
    if (!isUrlChannel(subscriber.type))
      throw new BadRequest('type: test deliveries are for webhook, Slack, Discord and Teams subscribers')
    const disabled = sendingDisabledReason()
    if (disabled) return answer(409, { sent: false, message: disabled })
    const [{ siteName }, base, page] = await Promise.all([
      siteSettings(payload),
      messageBaseUrl(payload),
      messagePage(payload, relationId(subscriber.page)),
    ])
    const now = new Date()
    // In the endpoint's language, as its notifications are (src/notify/language.ts).
    const locale = subscriberLocale(subscriber, page.language)
    const t = translator(locale)
    const adapter = channelAdapter(subscriber.type)
    try {
      await adapter.send(await adapter.config(payload, env()), {
        payload,
        notification: { id: 0, kind: 'incident_updated' } as Notification,
        content: {
          siteName,
          kind: 'incident_updated',
          title: t('notify.test.title'),
          statusLabel: t('notify.test.status'),
          message: t('notify.test.message', { siteName }),
          schedule: null,
          affected: [],
          url: base,
        },
        deliveryId: randomBytes(6).readUIntBE(0, 6),
        address: subscriber.url ?? '',
        subscriber,
        unsubscribeUrl: unsubscribeUrl(base, subscriber.unsubscribeToken ?? ''),
        manageUrl: manageUrl(base, subscriber.unsubscribeToken ?? ''),
        host: new URL(base).hostname || 'localhost',
        now,
        locale,
        test: true,
      })
    } catch (error) {
      if (!(error instanceof SendFailure)) throw error
      await recordEndpointOutcome(payload, subscriber, false, now, error.message)
      return answer(200, { sent: false, message: error.message })
    }
    await recordEndpointOutcome(payload, subscriber, true, now)
    return answer(200, { sent: true, message: 'The endpoint accepted the test delivery.' })
  },
)
