/**
 * npm run import -- statuspage <page URL | JSON file | directory> [--subscribers <csv>] [--dry-run]
 * Brings a Statuspage page's components, incidents, maintenances and subscribers into this site (docs/import.md).
 */
import { importArguments, ImportUsageError, readSubscriberFile, reportLines } from '../src/cli/import'

const usage = 'Usage: npm run import -- statuspage <page URL | JSON file | directory> [--subscribers <csv>] [--dry-run]'

/** On a terminal one line rewritten in place; otherwise (a log, a pipe) one plain line each. */
function progressWriter(): { line: (text: string) => void; done: () => void } {
  if (!process.stdout.isTTY) return { line: (text) => console.log(text), done: () => {} }
  const width = () => Math.max(20, (process.stdout.columns ?? 80) - 1)
  return {
    line: (text) => process.stdout.write(`\r\u001b[2K${text.slice(0, width())}`),
    done: () => process.stdout.write('\r\u001b[2K'),
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = importArguments(argv)
    const csv = args.subscribers ? await readSubscriberFile(args.subscribers) : undefined
    // A short-lived command, as create-user: the service's background work stays in the service.
    process.env.MAINTENANCE_TICK_MS = '0'
    process.env.NOTIFY_TICK_MS = '0'
    process.env.DEMO_MODE = 'false'
    const { readStatuspageSource } = await import('../src/services/import/statuspage-source')
    const { importStatuspage } = await import('../src/services/import/import-statuspage')
    const progress = progressWriter()
    const source = await readStatuspageSource(args.source, progress.line)
    const { default: config } = await import('../src/payload.config')
    const { getPayload } = await import('payload')
    const payload = await getPayload({ config })
    const report = await importStatuspage(payload, source, {
      dryRun: args.dryRun,
      subscribers: csv?.subscribers,
      progress: progress.line,
    })
    progress.done()
    for (const line of reportLines(report, csv?.problems)) console.log(line)
    return 0
  } catch (error) {
    console.error(`Could not import: ${(error as Error).message}`)
    if (error instanceof ImportUsageError) console.error(usage)
    return 1
  }
}

process.exit(await main(process.argv.slice(2)))
