'use client'
/** The browser's calls of the second factor's endpoints (src/auth/second-factor/endpoints.ts), answers in one shape. */

interface AnswerBody {
  qrCode?: string
  secret?: string
  recoveryCodes?: string[]
  errors?: { message?: string }[]
}

export interface Answer {
  ok: boolean
  status: number
  body: AnswerBody | null
  /** The server's words when it refused. */
  error?: string
}

export async function post(path: string, body: Record<string, unknown>): Promise<Answer> {
  try {
    const response = await fetch(`/api/users${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = (await response.json().catch(() => null)) as AnswerBody | null
    return { ok: response.ok, status: response.status, body: json, error: json?.errors?.[0]?.message }
  } catch {
    return { ok: false, status: 0, body: null }
  }
}
