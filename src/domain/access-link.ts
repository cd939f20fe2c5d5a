/**
 * Access links of a private page (docs/private-pages.md): a share link lets one reader in for a set time (its token
 * is exchanged for the page's access cookie, src/settings/page-access.ts), a feed token lets one reader's feed reader
 * or calendar read the page's feeds and calendar. Each is a record an administrator creates for someone and deletes
 * to shut them out. Tokens are 256 random bits, shown once, stored as their SHA-256 (looked up by it, like
 * integration tokens: nothing to guess a dictionary of, so unsalted).
 */
import { createHash, randomBytes } from 'node:crypto'

export const ACCESS_LINK_KINDS = ['share', 'feed'] as const
export type AccessLinkKind = (typeof ACCESS_LINK_KINDS)[number]

export const ACCESS_LINK_KIND_LABELS: Record<AccessLinkKind, string> = {
  share: 'Share link: opens the page in a browser, until it expires',
  feed: "Feed token: reads the page's feeds and calendar",
}

/** A link as the gate needs it: which, for what, until when (null: no end). */
export interface AccessLinkRule {
  id: number
  kind: AccessLinkKind
  tokenHash: string
  /** Milliseconds since the epoch; null: until deleted (feed tokens only). */
  expiresAt: number | null
}

const PREFIX = 'spl_'

export function newAccessLinkToken(): string {
  return PREFIX + randomBytes(32).toString('base64url')
}

export function hashAccessLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Whether a string can be a token at all: anything else is refused without a look at the links. */
export function looksLikeAccessLinkToken(value: string): boolean {
  return value.startsWith(PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(value.slice(PREFIX.length))
}

/** The link of `kind` among a page's links that `token` names and that is still good at `now`; else null. */
export function usableLink(
  links: readonly AccessLinkRule[],
  kind: AccessLinkKind,
  token: string | null,
  now: number,
): AccessLinkRule | null {
  if (!token || !looksLikeAccessLinkToken(token)) return null
  const hash = hashAccessLinkToken(token)
  return links.find((link) => link.kind === kind && link.tokenHash === hash && stillGood(link, now)) ?? null
}

export const stillGood = (link: AccessLinkRule, now: number): boolean => link.expiresAt === null || link.expiresAt > now

/** The address a link is handed out as, under the page's base (its public URL, else the default base + /p/<slug>). */
export function accessLinkAddress(base: string, kind: AccessLinkKind, token: string): string {
  return kind === 'share' ? `${base}/access/link/${token}` : `${base}/feed.atom?token=${token}`
}

/** Why a link cannot be saved so (null: it can), as [field, message]. */
export function accessLinkProblem(link: {
  kind: AccessLinkKind
  expiresAt: string | null | undefined
}): [string, string] | null {
  if (link.kind === 'share' && !link.expiresAt)
    return ['expiresAt', 'a share link needs an expiry: it lets whoever holds it in until then']
  if (link.expiresAt && Number.isNaN(Date.parse(link.expiresAt))) return ['expiresAt', 'is not a date']
  return null
}
