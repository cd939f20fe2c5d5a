/** An upload as the public pages show it (a logo, a favicon), read from a populated relationship. */
export interface MediaRef {
  url: string
  alt: string
  mimeType: string | null
}

interface MediaFields {
  url?: string | null
  alt?: string | null
  mimeType?: string | null
}

/** A populated upload with a file (a bare id means the media record is gone or unreadable); else null. */
export function mediaRef(value: unknown): MediaRef | null {
  if (typeof value !== 'object' || value === null) return null
  const { url, alt, mimeType } = value as MediaFields
  return typeof url === 'string' && url ? { url, alt: alt?.trim() || '', mimeType: mimeType ?? null } : null
}
