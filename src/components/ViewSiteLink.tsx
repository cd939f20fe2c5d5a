/** In the admin navigation, after the collections: the public status page, in a new tab. */
export function ViewSiteLink() {
  return (
    <a
      href="/"
      target="_blank"
      rel="noopener"
      className="nav__link"
      style={{ display: 'block', padding: '0.5rem 0', fontWeight: 600 }}
    >
      View site ↗
    </a>
  )
}
