/**
 * The site's name while the settings have none: the settings global's default, and what pages show for a blank one
 * or while the settings cannot be read (src/site/respond.ts).
 */
export const DEFAULT_SITE_NAME = 'Status'
