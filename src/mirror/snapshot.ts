/**
 * Puts a complete copy of the site in place at once. STATIC_MIRROR_DIR is a symbolic link to the latest copy, a
 * directory beside it (`<dir>.<time>-<random>`): a copy is written whole into a new directory, then a new link is
 * renamed over the old one. rename() replaces the link atomically, so a reader (nginx, rsync, a person) that opens
 * `<dir>/…` gets a file of the old copy or of the new one, never of a copy half written. The copy before the latest is
 * kept, for readers that resolved the link just before the swap; older ones are removed.
 */
import { randomBytes } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, readlink, rename, rm, rmdir, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'

import { MANIFEST } from './layout'

export interface MirrorFile {
  /** The address it answers (`/s/payments`). */
  path: string
  /** Where it is written, relative to the copy (`s/payments/index.html`, src/mirror/layout.ts). */
  file: string
  contentType: string
  body: Buffer
}

export interface Manifest {
  /** When the copy's first read started: it shows the data of that moment or later. */
  startedAt: string
  writtenAt: string
  /** When the copy is due to be written again (a time-dependent page changes, or the periodic refresh). */
  refreshAt: string
  files: Record<string, { file: string; contentType: string }>
}

/** STATIC_MIRROR_DIR is in a state the mirror will not touch (a directory of somebody else's). */
export class MirrorDirError extends Error {}

const VERSION = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/

/** `2026-11-26T08:30:00.123Z` → `20261126T083000123Z`: copies' names sort by time. */
const compactTime = (at: Date) => at.toISOString().replace(/[-:.]/g, '')

async function linkTarget(dir: string): Promise<string | null> {
  try {
    const stat = await lstat(dir)
    if (stat.isSymbolicLink()) return readlink(dir)
    if (!stat.isDirectory())
      throw new MirrorDirError(
        `STATIC_MIRROR_DIR (${dir}) exists and is not a directory or a symbolic link: the mirror will not replace it.`,
      )
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  // A directory: an empty one (made for the mirror) gives way to the link; one with files is somebody else's.
  try {
    await rmdir(dir)
  } catch {
    throw new MirrorDirError(
      `STATIC_MIRROR_DIR (${dir}) is a directory with files in it: the mirror makes that path a symbolic link to its latest copy. Remove or rename the directory.`,
    )
  }
  return null
}

/** Adds one file to the copy being written. */
export type AddFile = (file: MirrorFile) => Promise<void>

/**
 * Writes a new copy, file by file as `fill` adds them (so a large site is never held in memory whole), then makes
 * `dir` point to it. `fill` answers the copy's times once it has added everything; if it throws, the copy is removed
 * and `dir` is left as it was. Returns the copy's directory.
 */
export async function writeSnapshot(
  dir: string,
  fill: (add: AddFile) => Promise<{ startedAt: Date; refreshAt: Date }>,
  now: () => Date = () => new Date(),
): Promise<string> {
  const target = path.resolve(dir)
  const parent = path.dirname(target)
  const base = path.basename(target)
  const previous = await linkTarget(target)

  const name = `${base}.${compactTime(now())}-${randomBytes(4).toString('hex')}`
  const copy = path.join(parent, name)
  await mkdir(copy, { recursive: true })
  try {
    const files: Manifest['files'] = {}
    const times = await fill(async (file) => {
      const destination = path.join(copy, ...file.file.split('/'))
      await mkdir(path.dirname(destination), { recursive: true })
      await writeFile(destination, file.body)
      files[file.path] = { file: file.file, contentType: file.contentType }
    })
    const manifest: Manifest = {
      startedAt: times.startedAt.toISOString(),
      writtenAt: now().toISOString(),
      refreshAt: times.refreshAt.toISOString(),
      files,
    }
    await writeFile(path.join(copy, MANIFEST), JSON.stringify(manifest, null, 2))

    // The swap: a new link under a temporary name, renamed over the old one (relative, so the pair can move).
    const link = path.join(parent, `.${base}.link-${randomBytes(4).toString('hex')}`)
    await symlink(name, link)
    await rename(link, target)
  } catch (error) {
    await rm(copy, { recursive: true, force: true })
    throw error
  }
  await prune(parent, base, new Set([name, previous ? path.basename(previous) : '']))
  return copy
}

/** Writes `files` as a new copy and makes `dir` point to it. */
export function publishSnapshot(
  dir: string,
  files: MirrorFile[],
  times: { startedAt: Date; refreshAt: Date },
  now?: () => Date,
): Promise<string> {
  return writeSnapshot(
    dir,
    async (add) => {
      for (const file of files) await add(file)
      return times
    },
    now,
  )
}

/** Removes the copies other than `keep` (the latest and the one before), and links a crash left behind. */
async function prune(parent: string, base: string, keep: Set<string>): Promise<void> {
  for (const entry of await readdir(parent)) {
    const copy = entry.startsWith(`${base}.`) && VERSION.test(entry.slice(base.length + 1)) && !keep.has(entry)
    const strayLink = entry.startsWith(`.${base}.link-`)
    if (copy || strayLink) await rm(path.join(parent, entry), { recursive: true, force: true })
  }
}

/** The latest copy's manifest, or null when there is none (no copy yet, or one this version cannot read). */
export async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(path.join(path.resolve(dir), MANIFEST), 'utf8')) as Manifest
  } catch {
    return null
  }
}
