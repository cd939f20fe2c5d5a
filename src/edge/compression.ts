/**
 * Compressed copies of cached responses. A status page during an outage sends one body to very many browsers: it
 * is compressed once per cache entry, the first time a client asks for that encoding, and then sent as it is.
 * Clients that do not ask (load generators, curl without --compressed) get the identity body and cost nothing.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import compressible from 'compressible'
import Negotiator from 'negotiator'

export type Encoding = 'br' | 'gzip'

/** Not worth compressing: smaller than a TCP segment. */
const MIN_BYTES = 1024

/** Worth compressing: big enough, and a type mime-db marks compressible (text, JSON, XML, SVG, icons; not PNG). */
export function isCompressible(contentType: unknown, bytes: number): boolean {
  return typeof contentType === 'string' && bytes >= MIN_BYTES && compressible(contentType) === true
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const chosenFor = new Map<string, Encoding | null>()

/** The encoding to send for this Accept-Encoding: brotli, then gzip, on equal preference; null for identity. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(', ') : acceptEncoding
  const known = chosenFor.get(header)
  if (known !== undefined) return known
  // negotiator 1.x takes the tie-break order as an option its @types (0.6) do not know yet.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as {
    encoding(available: string[], options: { preferred: string[] }): string | undefined
  }
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip', 'identity'] })
  const encoding = chosen === 'br' || chosen === 'gzip' ? chosen : null
  if (chosenFor.size >= 256) chosenFor.clear() // bounded: a client sending new values each time gains nothing
  chosenFor.set(header, encoding)
  return encoding
}

/**
 * Brotli at quality 5 and gzip at level 6: a few milliseconds for a 200 KB page, about a tenth of its size. The
 * highest qualities cost ten times the time for a few percent.
 */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 })
}

/** A compressed body is another representation: its entity tag is the weak form of the identity tag (as nginx). */
export function weakTag(etag: string | undefined): string | undefined {
  if (!etag) return undefined
  return etag.startsWith('W/') ? etag : `W/${etag}`
}
