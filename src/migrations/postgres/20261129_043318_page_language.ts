import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_pages_language" AS ENUM('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar');
  CREATE TYPE "public"."enum_settings_language" AS ENUM('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar');
  ALTER TABLE "pages" ADD COLUMN "language" "enum_pages_language" DEFAULT 'en';
  ALTER TABLE "settings" ADD COLUMN "language" "enum_settings_language" DEFAULT 'en';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "pages" DROP COLUMN "language";
  ALTER TABLE "settings" DROP COLUMN "language";
  DROP TYPE "public"."enum_pages_language";
  DROP TYPE "public"."enum_settings_language";`)
}
