import { randomInt } from 'node:crypto'

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i), so an id read aloud or typed survives. */
export const SHORT_ID_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export const SHORT_ID_LENGTH = 10

/**
 * A public id. randomInt draws uniformly (it rejects out-of-range bytes), so every character is equally likely;
 * 31^10 ≈ 8·10^14 ids make collisions rare, and the caller retries on the ones that happen.
 */
export function generateShortId(draw: (max: number) => number = randomInt): string {
  let id = ''
  for (let i = 0; i < SHORT_ID_LENGTH; i++) id += SHORT_ID_ALPHABET[draw(SHORT_ID_ALPHABET.length)]
  return id
}

export function isShortId(value: string): boolean {
  return value.length === SHORT_ID_LENGTH && [...value].every((c) => SHORT_ID_ALPHABET.includes(c))
}

/** Tries candidates until one is free; gives up after `attempts` so a broken uniqueness check cannot loop forever. */
export async function uniqueShortId(
  isTaken: (candidate: string) => Promise<boolean>,
  attempts = 8,
  generate: () => string = generateShortId,
): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const candidate = generate()
    if (!(await isTaken(candidate))) return candidate
  }
  throw new Error(`no free short id after ${attempts} attempts`)
}
