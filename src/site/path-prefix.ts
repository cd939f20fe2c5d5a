/**
 * A page reached by its path form (`/p/<slug>/…`, docs/pages.md): the site's own links are written from the root
 * (`href="/history"`), so they get the prefix, or the reader would leave the page at the first click. Text a person
 * wrote cannot hold `href="/`: the templates escape its quotes.
 */
/** The attributes the pages write addresses in: links, forms, images, and the group lists `/` loads (data-bars). */
const ROOT_RELATIVE = /\b(href|action|src|data-bars)="\/(?!\/)/g

export function underPathPrefix(html: string, prefix: string): string {
  return prefix ? html.replace(ROOT_RELATIVE, `$1="${prefix}/`) : html
}
