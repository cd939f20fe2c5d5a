import { parseSubscribeRequest } from '../../../domain/subscription-request'
import { channelRefusal } from '../../../domain/channels'
import { configuredChannels } from '../../../notify/channels'
import { answer, readJsonBody, subscriptionEndpoint } from '../../../notify/endpoint'
import { subscribe, subscribeMessage } from '../../../notify/subscriptions'

export const dynamic = 'force-dynamic'

/** POST /api/subscribe {type:'email', email} or {type:'sms', phone}, optionally services: [slug]: double opt-in. */
export const POST = subscriptionEndpoint(async (request, { payload, clientAddress }) => {
  const body = await readJsonBody(request)
  if (!body.ok) return answer(400, false, body.message)
  const parsed = parseSubscribeRequest(body.value)
  if (!parsed.ok) return answer(400, false, parsed.message)
  // Nothing is accepted that cannot happen: a channel without settings is refused, not queued to fail.
  const refusal = channelRefusal(await configuredChannels(payload), parsed.value.type)
  if (refusal) return answer(400, false, refusal)
  // An unknown service slug is a BadRequest (src/errors.ts): the endpoint answers it 400 with its message.
  await subscribe(payload, parsed.value, { clientAddress })
  return answer(200, true, subscribeMessage(parsed.value.type))
})
