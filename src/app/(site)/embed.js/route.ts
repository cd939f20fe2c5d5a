import { sitePage } from '@/site/respond'
import { PRIVATE_PAGE_WIDGET, widgetScript } from '@/site/widget-script'

export const dynamic = 'force-dynamic'

/**
 * `/embed.js`: the page's status widget, in the response's language (docs/widget.md). A private page's is empty, for
 * its readers too: the widget reads the summary without credentials, as a stranger (docs/private-pages.md).
 */
export const GET = sitePage(
  async (_request, { links, gate, settings }) =>
    gate.access.private ? PRIVATE_PAGE_WIDGET : widgetScript(settings, `${links.scope.pathPrefix}/api/v2/summary.json`),
  { refused: PRIVATE_PAGE_WIDGET },
)
