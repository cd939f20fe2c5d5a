/**
 * The status widget (docs/widget.md): what `/embed.js` runs in other sites' pages. It is served as its own source
 * text followed by its configuration (src/site/widget-script.ts), so it is one self-contained function: nothing
 * outside it (no import, no module-level name) exists where it runs, and it may use only the browser's globals.
 *
 * In the host page it makes one element whose shadow root holds everything it shows, styled by a constructed
 * stylesheet (no <style> element, no style attribute: a host page's Content-Security-Policy need not allow either).
 * It reads the page's /api/v2/summary.json without credentials, then once a minute while the tab is visible (never
 * more often; not at all while it is hidden), and shows a notice naming the incident or maintenance under way, with
 * a link to it and a button to dismiss it; while all is well nothing, or a small pill when the tag asks for one.
 * A request that fails changes nothing on the host page: no exception, no message of the widget's own.
 */
/* eslint-disable max-lines-per-function -- one function is the unit that is served (see above) */

/** What the server writes after the function: the page's words and where its summary is. */
export interface WidgetConfig {
  /** The page's summary, from the script's own origin (`/p/<slug>/api/v2/summary.json?locale=de`). */
  summary: string
  /** The language prefix of the page's links in the widget's language ('' for the page's default). */
  prefix: string
  lang: string
  dir: 'ltr' | 'rtl'
  css: string
  words: {
    label: string
    incident: string
    maintenance: string
    operational: string
    more: string
    dismiss: string
    newTab: string
    /** Incident statuses, and `in_progress` for a maintenance. */
    statuses: Record<string, string>
  }
}

interface SummaryItem {
  id: string
  name: string
  status: string
  impact?: string
  shortlink?: string
}

interface Summary {
  page?: { url?: string }
  status?: { indicator?: string; description?: string }
  incidents?: SummaryItem[]
  scheduled_maintenances?: SummaryItem[]
}

export function statusWidget(config: WidgetConfig): void {
  const script = document.currentScript as HTMLScriptElement | null
  if (!script || !window.fetch || !('adoptedStyleSheets' in Document.prototype)) return
  const options = script.dataset
  const words = config.words
  const summaryUrl = new URL(config.summary, script.src).href
  const storeKey = 'statuspage-widget:' + summaryUrl
  const pill = options.pill !== undefined && options.pill !== 'false'
  const position = /^(?:(?:top|bottom)-(?:left|right)|inline)$/.test(options.position || '')
    ? (options.position as string)
    : 'bottom-right'

  const host = document.createElement('statuspage-widget-host')
  host.setAttribute('data-position', position)
  if (options.theme === 'light' || options.theme === 'dark') host.setAttribute('data-theme', options.theme)
  const root = host.attachShadow({ mode: 'open' })
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(config.css)
  root.adoptedStyleSheets = [sheet]
  // The live region is there, empty, before anything is put in it: screen readers announce what then appears.
  const box = document.createElement('div')
  box.className = 'box'
  box.setAttribute('role', 'status')
  box.setAttribute('aria-live', 'polite')
  box.setAttribute('aria-label', words.label)
  box.lang = config.lang
  box.dir = config.dir
  root.appendChild(box)

  function mount(): void {
    const parent = script && script.parentNode
    if (position === 'inline' && parent && parent !== document.head) parent.insertBefore(host, script)
    else document.body.appendChild(host)
  }
  if (document.body) mount()
  else document.addEventListener('DOMContentLoaded', mount)

  function element(tag: string, className: string, text?: string): HTMLElement {
    const made = document.createElement(tag)
    made.className = className
    if (text) made.textContent = text
    return made
  }

  /** A link to a page of ours: the address the summary gives, in the widget's language; never another scheme. */
  function link(className: string, href: string, pageBase: string): HTMLAnchorElement {
    const anchor = element('a', className) as HTMLAnchorElement
    const localized =
      pageBase && href.indexOf(pageBase + '/') === 0 ? pageBase + config.prefix + href.slice(pageBase.length) : href
    anchor.href = /^https?:\/\//i.test(localized) ? localized : '#'
    anchor.target = '_blank'
    anchor.rel = 'noopener'
    return anchor
  }

  function withNewTab(anchor: HTMLElement, text: string): HTMLElement {
    anchor.appendChild(document.createTextNode(text))
    anchor.appendChild(element('span', 'hidden', ' ' + words.newTab))
    return anchor
  }

  interface Notice {
    id: string
    kind: string
    name: string
    status: string
    href: string
    tone: string
  }

  function noticesOf(summary: Summary, home: string): Notice[] {
    const notices: Notice[] = []
    for (const incident of summary.incidents || [])
      notices.push({
        id: 'i:' + incident.id,
        kind: words.incident,
        name: incident.name,
        status: words.statuses[incident.status] || '',
        href: incident.shortlink || home,
        tone: incident.impact === 'critical' || incident.impact === 'major' ? 'major' : 'minor',
      })
    for (const maintenance of summary.scheduled_maintenances || [])
      if (maintenance.status === 'in_progress' || maintenance.status === 'verifying')
        notices.push({
          id: 'm:' + maintenance.id,
          kind: words.maintenance,
          name: maintenance.name,
          status: words.statuses.in_progress,
          href: maintenance.shortlink || home,
          tone: 'maintenance',
        })
    // Services in trouble with no incident posted yet: the page's own words for it.
    const status = summary.status || {}
    if (!notices.length && status.indicator && status.indicator !== 'none')
      notices.push({
        id: 's:' + status.indicator,
        kind: '',
        name: status.description || '',
        status: '',
        href: home,
        tone: status.indicator === 'maintenance' ? 'maintenance' : status.indicator === 'minor' ? 'minor' : 'major',
      })
    return notices
  }

  function dismissed(): string[] {
    try {
      const stored = JSON.parse(localStorage.getItem(storeKey) || '[]')
      return Array.isArray(stored) ? stored : []
    } catch {
      return []
    }
  }

  function remember(ids: string[]): void {
    try {
      if (ids.length) localStorage.setItem(storeKey, JSON.stringify(ids))
      else localStorage.removeItem(storeKey)
    } catch {
      // Storage refused (a sandbox, a privacy setting): the notice stays dismissed until the page is reloaded.
    }
  }

  const ICONS: Record<string, string> = { major: '✕', minor: '!', maintenance: '⚙' }

  function banner(notices: Notice[], pageBase: string, home: string, onDismiss: () => void): HTMLElement {
    const first = notices[0]
    const made = element('div', 'banner tone-' + first.tone)
    made.appendChild(element('span', 'icon', ICONS[first.tone])).setAttribute('aria-hidden', 'true')
    const text = made.appendChild(element('p', 'text'))
    if (first.kind) text.appendChild(element('strong', 'kind', first.kind + ' '))
    text.appendChild(withNewTab(link('name', first.href, pageBase), first.name))
    if (first.status) text.appendChild(element('span', 'state', first.status))
    if (notices.length > 1) made.appendChild(withNewTab(link('more', home, pageBase), words.more))
    const close = made.appendChild(element('button', 'close', '×')) as HTMLButtonElement
    close.type = 'button'
    close.setAttribute('aria-label', words.dismiss)
    close.title = words.dismiss
    close.addEventListener('click', onDismiss)
    return made
  }

  function pillOf(summary: Summary, pageBase: string, home: string): HTMLElement {
    const indicator = (summary.status && summary.status.indicator) || 'none'
    const text = indicator === 'none' ? words.operational : (summary.status && summary.status.description) || ''
    const made = link('pill tone-' + (indicator === 'none' ? 'ok' : indicator), home, pageBase)
    made.appendChild(element('span', 'dot')).setAttribute('aria-hidden', 'true')
    return withNewTab(made, text)
  }

  let latest: Summary | null = null
  let shown = ''

  function render(summary: Summary): void {
    latest = summary
    const pageBase = (summary.page && summary.page.url) || ''
    // The page's own address; link() puts it in the widget's language, as the incidents' addresses.
    const home = pageBase ? pageBase + '/' : ''
    const all = noticesOf(summary, home)
    const hidden = dismissed()
    const notices = all.filter((notice) => hidden.indexOf(notice.id) < 0)
    // Only what is still under way stays remembered.
    remember(hidden.filter((id) => all.some((notice) => notice.id === id)))
    const state = JSON.stringify([notices, pill && summary.status, home])
    if (state === shown) return // unchanged: the live region says nothing again
    shown = state
    box.textContent = ''
    if (notices.length)
      box.appendChild(
        banner(notices, pageBase, home, () => {
          remember(dismissed().concat(notices.map((notice) => notice.id)))
          if (latest) render(latest)
        }),
      )
    else if (pill && home) box.appendChild(pillOf(summary, pageBase, home))
  }

  const MINUTE = 60000
  let timer = 0
  let last = 0
  let loading = false
  let stopped = false

  function load(): void {
    if (loading || stopped) return
    loading = true
    last = Date.now()
    fetch(summaryUrl, { credentials: 'omit', cache: 'no-cache' })
      .then((response) => {
        // Gone or not ours to read (a page made private): no point in asking every minute.
        if (response.status === 401 || response.status === 403 || response.status === 404) stopped = true
        return response.ok ? response.json() : null
      })
      .then((summary) => {
        if (summary) render(summary as Summary)
      })
      .catch(() => {
        // Offline, or the status page cannot be reached: what is shown stays until the next minute's answer.
      })
      .then(() => {
        loading = false
        plan()
      })
  }

  /** The next read: a minute after the last one, only while the tab is visible. */
  function plan(): void {
    clearTimeout(timer)
    timer = 0
    if (stopped || loading || document.hidden) return
    timer = window.setTimeout(load, Math.max(0, last + MINUTE - Date.now()))
  }

  document.addEventListener('visibilitychange', plan)
  plan()
}
