/**
 * The pages the edge writes itself speak the language the address named (src/edge/edge-words.ts, filled from the
 * catalogues by src/i18n/edge-words.ts): a form's 429 and a page's 503 without a page of Next's; English by default,
 * as before.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { unavailableSender } from '@/edge/front'
import { sendTooManyRequests } from '@/edge/rate-limit'
import { catalogueEdgeWords } from '@/i18n/edge-words'
import { LOCALE_HEADER } from '@/runtime/headers'

const servers: ReturnType<typeof createServer>[] = []
afterEach(() => servers.splice(0).forEach((server) => server.close()))

async function answer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  headers: Record<string, string> = {},
) {
  const server = createServer(handle)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers })
  return { status: response.status, text: await response.text() }
}

const refused = { allowed: false, headers: { 'Retry-After': '60' } } as const

describe("the edge's own pages", () => {
  it('a form’s 429 in German, and in English as before without a language', async () => {
    const german = await answer((_req, res) =>
      sendTooManyRequests(res, refused, false, 'html', { locale: 'de', words: catalogueEdgeWords }),
    )
    expect(german.status).toBe(429)
    expect(german.text).toContain('<html lang="de">')
    expect(german.text).toContain('Zu viele Anfragen von dieser Adresse; versuchen Sie es in 60 Sekunden erneut.')
    expect(german.text).toContain('Zurück zur Statusseite')
    const english = await answer((_req, res) => sendTooManyRequests(res, refused, false, 'html'))
    expect(english.text).toContain('Too many requests from this address; try again in 60 seconds.')
    const fromCatalogue = await answer((_req, res) =>
      sendTooManyRequests(res, refused, false, 'html', { words: catalogueEdgeWords }),
    )
    expect(fromCatalogue.text).toBe(english.text)
  })

  it('a page’s 503 in the language its address named', async () => {
    const send = unavailableSender(catalogueEdgeWords)
    const arabic = await answer((req, res) => send(req, res, 'page', null), { [LOCALE_HEADER]: 'ar' })
    expect(arabic.status).toBe(503)
    expect(arabic.text).toContain('<html lang="ar">')
    expect(arabic.text).toContain('غير متاح مؤقتًا')
  })
})
