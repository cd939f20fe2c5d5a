/** Addresses in messages, on the base of src/settings/base-url.ts's `messageBaseUrl` (never a request's Host). */
export const confirmUrl = (base: string, token: string) => `${base}/verify/${encodeURIComponent(token)}`
export const unsubscribeUrl = (base: string, token: string) => `${base}/unsubscribe/${encodeURIComponent(token)}`
/** The subscriber's own page: change the services, or leave (in every message beside the unsubscribe link). */
export const manageUrl = (base: string, token: string) => `${base}/manage/${encodeURIComponent(token)}`
/** An address of the default page moved to another page's base (its content was written with the default's). */
export const rebased = (url: string, from: string, to: string) =>
  from !== to && url.startsWith(`${from}/`) ? to + url.slice(from.length) : url
