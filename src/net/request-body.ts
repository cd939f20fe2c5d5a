/** A request's body, read only up to a limit: a client cannot make the server hold more than it allows. */

/** At most `maxBytes` of the body; null when it is larger (by its Content-Length, or as it streams in). */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return null
  const chunks: Uint8Array[] = []
  let size = 0
  if (request.body) {
    const reader = request.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined)
        return null
      }
      chunks.push(value)
    }
  }
  return Buffer.concat(chunks)
}
