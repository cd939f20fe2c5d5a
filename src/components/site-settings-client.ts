'use client'
/**
 * The public Settings global as admin components need it (the site's time zone, the default update messages),
 * read once per page load: GET /api/globals/settings is public.
 */
export interface ClientSiteSettings {
  timeZone?: string | null
  defaultUpdateMessages?: Partial<Record<string, string | null>> | null
}

let loading: Promise<ClientSiteSettings> | null = null

export function loadSiteSettings(apiBase: string): Promise<ClientSiteSettings> {
  loading ??= fetch(`${apiBase}/globals/settings?depth=0`, { credentials: 'include' })
    .then((response) => (response.ok ? (response.json() as Promise<ClientSiteSettings>) : {}))
    .catch(() => ({}))
  return loading
}
