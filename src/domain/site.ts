/** The site's name while the settings have none: the settings global's default, and what pages show for a blank one. */
export const DEFAULT_SITE_NAME = 'Status'
