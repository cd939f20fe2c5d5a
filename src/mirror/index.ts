/**
 * The static mirror as server.ts starts it: from the configuration (STATIC_MIRROR_DIR; unset: none), reading this
 * instance's public site through the edge's loopback (Next directly, never a cached or rate-limited answer).
 */
import type { IncomingMessage } from 'node:http'

import type { Env } from '@/config/env'
import { PUBLIC_ORIGIN_HEADER } from '@/runtime/headers'
import { createRedis } from '@/edge/redis'

import type { Fetch, Fetched } from './collect'
import { mirrorLockFor } from './lock'
import { type StaticMirror, startStaticMirror } from './static-mirror'

export type OriginGet = (url: string, headers: IncomingMessage['headers']) => Promise<Fetched>

/** Starts the mirror when STATIC_MIRROR_DIR is set, and writes a first copy; null otherwise. */
export function startMirrorFromSettings(settings: Env, originGet: OriginGet, port: number): StaticMirror | null {
  const dir = settings.STATIC_MIRROR_DIR
  if (!dir) return null
  // The copy's links are the site's public ones: the Public base URL setting, else PUBLIC_URL (the routes apply
  // that order); with neither, this instance's own address.
  const origin = settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : `http://localhost:${port}`
  // Another page's tree is read as its own host would be (src/mirror/pages.ts).
  const fetch: Fetch = (url, accept, as = origin) =>
    originGet(url, { host: new URL(as).host, [PUBLIC_ORIGIN_HEADER]: as, accept })
  const lock = mirrorLockFor(settings, (url) => createRedis(url, 'static mirror lock'))
  const mirror = startStaticMirror({ dir, fetch, lock })
  mirror.request()
  console.log(`Static mirror: writing the public site to ${dir}`)
  return {
    ...mirror,
    async stop() {
      await mirror.stop()
      await lock.close()
    },
  }
}
