/**
 * The body of a CMS write (REST or GraphQL), checked before Payload parses it. Payload reads a body only when its
 * Content-Type is exactly `application/json` or multipart, and otherwise went on with no data at all ("Cannot read
 * properties of undefined", a 500); a truncated multipart body, a `_payload` that is not JSON and JSON nested
 * thousands of levels deep were 500s as well.
 */
import { jsonNestingError } from './json-shape'

export type BodyCheck = { ok: true; request: Request } | { ok: false; status: 400 | 415; message: string }

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT'])

export const UNSUPPORTED_TYPE_MESSAGE =
  'Content-Type must be application/json (or multipart/form-data with a _payload field)'

/** The media type of a Content-Type header, lower-cased, without parameters; '' when there is none. */
const mediaTypeOf = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';', 1)[0].trim().toLowerCase()

/** The same request with `body` as exactly-typed JSON, so Payload reads it. */
function asJson(request: Request, body: string): Request {
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal })
}

/** Why parsed JSON is refused as a document: not an object, or nested too deeply. */
function documentError(text: string, what: string): string | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return `${what} is not valid JSON`
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${what} must be a JSON object`
  const tooDeep = jsonNestingError(value)
  return tooDeep ? `${what}: ${tooDeep}` : null
}

async function multipartError(request: Request): Promise<string | null> {
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    return 'the multipart body is malformed or incomplete'
  }
  const payloadField = form.get('_payload')
  return typeof payloadField === 'string' ? documentError(payloadField, 'the _payload field') : null
}

/**
 * The request as Payload should see it, or why it is refused. A JSON media type in any spelling
 * (`APPLICATION/JSON`, with parameters) is read as JSON; an empty write body is an empty object; any other type
 * with a body is a 415.
 */
export async function checkWriteBody(request: Request): Promise<BodyCheck> {
  if (!WRITE_METHODS.has(request.method)) return { ok: true, request }
  // POST with this header is Payload's "GET with the query in a form body"; Payload reads that body itself.
  if (request.headers.has('x-payload-http-method-override')) return { ok: true, request }
  const mediaType = mediaTypeOf(request)
  if (mediaType === 'multipart/form-data') {
    const refusal = await multipartError(request)
    return refusal ? { ok: false, status: 400, message: refusal } : { ok: true, request }
  }
  const text = request.body ? await request.clone().text() : ''
  if (text.trim() === '') return { ok: true, request: asJson(request, '{}') }
  if (mediaType !== 'application/json' && !mediaType.endsWith('+json'))
    return { ok: false, status: 415, message: UNSUPPORTED_TYPE_MESSAGE }
  const refusal = documentError(text, 'the request body')
  if (refusal) return { ok: false, status: 400, message: refusal }
  return {
    ok: true,
    request: request.headers.get('content-type') === 'application/json' ? request : asJson(request, text),
  }
}
