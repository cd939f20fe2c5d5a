import { readFile } from 'node:fs/promises'

import { parseSubscriberCsv, type ImportedSubscriber } from '@/domain/statuspage-import'
import type { ImportReport } from '@/services/import/import-statuspage'

export class ImportUsageError extends Error {}

export interface ImportArguments {
  source: string
  subscribers?: string
  dryRun: boolean
}

/** `statuspage <source> [--subscribers <csv>] [--dry-run]`, checked before anything connects. */
export function importArguments(argv: readonly string[]): ImportArguments {
  const rest = [...argv]
  const dryRun = rest.includes('--dry-run')
  const at = rest.indexOf('--subscribers')
  const subscribers = at >= 0 ? rest[at + 1] : undefined
  if (at >= 0 && (!subscribers || subscribers.startsWith('--')))
    throw new ImportUsageError('--subscribers needs a CSV file')
  const positional = rest.filter((arg, i) => !arg.startsWith('--') && !(at >= 0 && i === at + 1))
  const unknown = rest.find((arg) => arg.startsWith('--') && arg !== '--dry-run' && arg !== '--subscribers')
  if (unknown) throw new ImportUsageError(`unknown option ${unknown}`)
  if (positional[0] !== 'statuspage') throw new ImportUsageError('the first argument names the source kind: statuspage')
  if (!positional[1]) throw new ImportUsageError('a page URL, a JSON file or a directory of JSON files is required')
  if (positional.length > 2) throw new ImportUsageError(`unexpected argument ${positional[2]}`)
  return { source: positional[1], subscribers, dryRun }
}

/** The subscribers of a CSV file, and the rows it could not read. */
export async function readSubscriberFile(
  path: string,
): Promise<{ subscribers: ImportedSubscriber[]; problems: string[] }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new ImportUsageError(`${path}: ${(error as Error).message}`)
  }
  return parseSubscriberCsv(text)
}

/** The report's lines, for a terminal or a log. */
export function reportLines(report: ImportReport, problems: readonly string[] = []): string[] {
  const verb = report.dryRun ? 'Would create' : 'Created'
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')
  const unmapped = [...problems, ...report.unmapped]
  return [
    `${verb}: ${list(report.created)}.`,
    `Already imported, left as they are: ${list(report.unchanged)}.`,
    ...(unmapped.length === 0
      ? ['Everything was mapped.']
      : [`Could not map ${unmapped.length}:`, ...unmapped.map((line) => `  - ${line}`)]),
    ...(report.dryRun ? ['Dry run: nothing was written.'] : []),
  ]
}
