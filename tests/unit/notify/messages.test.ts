import { describe, expect, it } from 'vitest'

import type { NotificationContent } from '@/notify/content'
import { renderConfirmationEmail, renderNotificationEmail } from '@/notify/messages'

const content: NotificationContent = {
  siteName: 'Acme "Pay" <status>',
  kind: 'incident_created',
  title: 'Card payments fail',
  statusLabel: 'Investigating',
  message: null,
  schedule: null,
  affected: [],
  url: 'https://pay.test/i/abc',
}

describe("a notification or confirmation e-mail's logo", () => {
  it("shows the page's logo at its absolute address, escaped, with its alt text or else the page's name", () => {
    const withAlt = renderNotificationEmail(
      { ...content, logo: { url: 'https://pay.test/api/media/file/logo.png?v="1"', alt: 'Acme Pay' } },
      'https://pay.test/unsubscribe/t',
      'https://pay.test/manage/t',
    )
    expect(withAlt.html).toContain('<img src="https://pay.test/api/media/file/logo.png?v=&quot;1&quot;" alt="Acme Pay"')
    const withoutAlt = renderNotificationEmail(
      { ...content, logo: { url: 'https://pay.test/logo.png', alt: '' } },
      'https://pay.test/unsubscribe/t',
      'https://pay.test/manage/t',
    )
    expect(withoutAlt.html).toContain('alt="Acme &quot;Pay&quot; &lt;status&gt;"')
  })

  it('has no image without a logo', () => {
    const plain = renderNotificationEmail(content, 'https://pay.test/unsubscribe/t', 'https://pay.test/manage/t')
    expect(plain.html).not.toContain('<img')
    expect(renderConfirmationEmail('Acme Pay', 'https://pay.test/verify/t').html).not.toContain('<img')
  })

  it("shows the page's logo above the confirmation too", () => {
    const mail = renderConfirmationEmail('Acme Pay', 'https://pay.test/verify/t', {
      url: 'https://pay.test/logo.png',
      alt: '',
    })
    expect(mail.html).toContain('<img src="https://pay.test/logo.png" alt="Acme Pay"')
  })
})
