/**
 * Time-based one-time passwords (RFC 6238, by the otpauth package) and the recovery codes beside them. Secrets are
 * 160 random bits (RFC 4226's recommendation); recovery codes are kept only as HMACs under a key derived from
 * PAYLOAD_SECRET, so a copy of the database alone cannot be searched for them, and a used one is forgotten.
 */
import { createHmac, hkdfSync, randomBytes } from 'node:crypto'

import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'

import {
  formatRecoveryCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW,
} from '@/domain/second-factor'

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32
}

function totp(secret: string, account = '', issuer = ''): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  })
}

/** The `otpauth://` address an authenticator app reads from the QR code, and the QR code as an SVG data URL. */
export async function enrolmentPicture(secret: string, account: string, issuer: string) {
  const uri = totp(secret, account, issuer).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/** The time step `code` is right for (now, or one step either side), or null. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW })
  if (delta === null) return null
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/** The code an authenticator shows at `now` (the tests' authenticator). */
export function currentCode(secret: string, now: number): string {
  return totp(secret).generate({ timestamp: now })
}

const recoveryKey = (payloadSecret: string) =>
  Buffer.from(hkdfSync('sha256', payloadSecret, 'statuspage', 'recovery-code:v1', 32))

/** How a recovery code is kept: `code` as readTypedCode gives it (no dash, lower case). */
export function recoveryCodeHash(code: string, payloadSecret: string): string {
  return createHmac('sha256', recoveryKey(payloadSecret)).update(code).digest('base64url')
}

/** Ten new recovery codes, to show once, and their hashes, to keep. */
export function newRecoveryCodes(payloadSecret: string): { shown: string[]; kept: string[] } {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecoveryCode(randomBytes(10)))
  return { shown, kept: shown.map((code) => recoveryCodeHash(code.replace('-', ''), payloadSecret)) }
}
