/** Select options built from the domain's vocabularies and labels, so the admin lists the contract's words. */
export function optionsFrom<T extends string>(values: readonly T[], labels?: Record<T, string>) {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }))
}
