/**
 * The order services and groups are shown in: by their display order, then by name. One rule for the public read
 * model and the default page's headings (src/settings/pages.ts).
 */

// A collator compares as localeCompare does, without building one per comparison.
const collator = new Intl.Collator()

export const byOrderThenName = (
  a: { displayOrder?: number | null; name: string },
  b: { displayOrder?: number | null; name: string },
) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0) || collator.compare(a.name, b.name)
