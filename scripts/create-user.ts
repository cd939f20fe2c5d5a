/**
 * npm run create-user -- <email> [admin|editor] [password]
 * Creates a user with that role (editor by default) and prints its API key, for automation.
 */
import { checkedInput, createUserWithKey, UsageError } from '../src/cli/create-user'

const usage = 'Usage: npm run create-user -- <email> [admin|editor] [password]'

// Run with `node --conditions=production` (as the npm script does): lexical's default Node entry points load
// their real module through a top-level await, and Node 20 sometimes leaves such awaits unsettled when several
// race, so the process would exit 13 without a word.
async function main([email, role, password]: string[]): Promise<number> {
  try {
    checkedInput({ email, role, password })
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`Could not create the user: ${error.message}`)
    console.error(usage)
    return 1
  }
  // A short-lived command: the service's background work (maintenances, notifications, demo resets) stays in the
  // service, so this process never takes a job it would abandon when it exits, nor wipes a demo.
  process.env.MAINTENANCE_TICK_MS = '0'
  process.env.NOTIFY_TICK_MS = '0'
  process.env.DEMO_MODE = 'false'
  // Imported after the variables above are set: the configuration is read once, when it is first used.
  const { default: config } = await import('../src/payload.config')
  const { getPayload } = await import('payload')
  const payload = await getPayload({ config })
  try {
    const user = await createUserWithKey(payload, { email, role, password })
    console.log(`Created ${user.role} ${user.email} (id ${user.id}).`)
    if (!password) console.log(`Password: ${user.password}`)
    console.log(`API key: ${user.apiKey}`)
    console.log(`Use it as the header: Authorization: users API-Key ${user.apiKey}`)
    return 0
  } catch (error) {
    const message = error instanceof UsageError ? error.message : (error as Error).message
    console.error(`Could not create the user: ${message}`)
    console.error(usage)
    return 1
  }
}

process.exit(await main(process.argv.slice(2)))
