/** Global setup of the end-to-end project: its prerequisites, checked before the first service starts. */
import { checkEndToEnd } from './preflight'

export default async function setup(): Promise<void> {
  await checkEndToEnd()
}
