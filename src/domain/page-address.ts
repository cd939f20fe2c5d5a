/**
 * The public page of an incident or maintenance: `<base>/i/<shortId>` and `<base>/m/<shortId>`, the `url` of the
 * public API's records and the link in every message. Which base applies is src/settings/base-url.ts's rule.
 */
export const incidentPageUrl = (base: string, shortId: string | null | undefined) => `${base}/i/${shortId ?? ''}`
export const maintenancePageUrl = (base: string, shortId: string | null | undefined) => `${base}/m/${shortId ?? ''}`
