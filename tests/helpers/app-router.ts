/**
 * The app's public routes by address, in process: finds the route file under src/app that Next would run for a path
 * (route groups `(x)` are transparent; a named segment before `[param]` before `[...rest]`) and calls its GET with
 * the params the path fills in. For tests that read the site as a client walks it, such as the static mirror's
 * (tests/api/static-mirror.test.ts), without listing every route by hand.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'

import { BASE } from './api'

const APP = path.resolve(__dirname, '../../src/app')

type Handler = (request: Request, context: { params: Promise<object> }) => Promise<Response>

/** The directories under `dir`, with the children of route groups `(x)` in place of the groups. */
function children(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const full = path.join(dir, entry.name)
    if (/^\(.+\)$/.test(entry.name)) found.push(...children(full))
    else found.push(full)
  }
  return found
}

/** The route file of `dir` itself, or of one of its route groups (the app's `/` is `(site)/route.ts`). */
function routeFileIn(dir: string): string | null {
  if (existsSync(path.join(dir, 'route.ts'))) return path.join(dir, 'route.ts')
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory() && /^\(.+\)$/.test(entry.name)) {
      const inGroup = routeFileIn(path.join(dir, entry.name))
      if (inGroup) return inGroup
    }
  return null
}

interface Found {
  file: string
  params: Record<string, unknown>
  /** Per segment: 0 named, 1 `[param]`, 2 `[...rest]`; the lowest in order wins, as in Next. */
  rank: number[]
}

/** Every route file that could serve `segments` under `dir`. */
function matches(dir: string, segments: string[], params: Record<string, unknown>, rank: number[]): Found[] {
  if (segments.length === 0) {
    const file = routeFileIn(dir)
    return file ? [{ file, params, rank }] : []
  }
  const [head, ...rest] = segments
  const found: Found[] = []
  for (const child of children(dir)) {
    const name = path.basename(child)
    if (name === head) found.push(...matches(child, rest, params, [...rank, 0]))
    else if (/^\[\.\.\..+\]$/.test(name)) {
      const file = routeFileIn(child)
      if (file) found.push({ file, params: { ...params, [name.slice(4, -1)]: segments }, rank: [...rank, 2] })
    } else if (/^\[.+\]$/.test(name))
      found.push(...matches(child, rest, { ...params, [name.slice(1, -1)]: head }, [...rank, 1]))
  }
  return found
}

const byRank = (a: Found, b: Found) => {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (a.rank[i] ?? -1) - (b.rank[i] ?? -1)
    if (d !== 0) return d
  }
  return 0
}

/** GET `pathWithQuery` with `headers` from the route Next would run for it; 404 when none would. */
export async function getByAddress(pathWithQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  const url = new URL(pathWithQuery, BASE)
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
  const found = matches(APP, segments, {}, []).sort(byRank)[0]
  if (!found) return new Response('no route', { status: 404 })
  const route = (await import(/* @vite-ignore */ found.file)) as { GET?: Handler }
  if (!route.GET) return new Response('no GET', { status: 405 })
  return route.GET(new Request(url, { headers }), { params: Promise.resolve(found.params) })
}
