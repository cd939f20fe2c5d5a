/** The presentation settings the public pages read: the logo and favicon uploaded in Settings reach them. */
import { describe, expect, it } from 'vitest'

import { siteSettings } from '@/settings/site-settings'
import { payload } from '../helpers/api'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

describe('the site settings the public pages read', () => {
  it('carry the uploaded logo (with its alt text) and favicon (with its type), and nothing once they are cleared', async () => {
    const p = await payload()
    const logo = await p.create({
      collection: 'media',
      data: { alt: 'Acme logo' },
      file: { data: PNG, mimetype: 'image/png', name: 'logo.png', size: PNG.length },
    })
    const icon = await p.create({
      collection: 'media',
      data: { alt: '' },
      file: { data: PNG, mimetype: 'image/png', name: 'icon.png', size: PNG.length },
    })
    await p.updateGlobal({ slug: 'settings', data: { logo: logo.id, favicon: icon.id } })
    const settings = await siteSettings(p)
    expect(settings.logo).toEqual({ url: logo.url, alt: 'Acme logo' })
    expect(settings.favicon).toEqual({ url: icon.url, mimeType: 'image/png' })
    expect(settings.logo?.url).toMatch(/^\/api\/media\/file\/logo/)

    await p.updateGlobal({ slug: 'settings', data: { logo: null, favicon: null } })
    expect(await siteSettings(p)).toMatchObject({ logo: null, favicon: null })
  })
})
