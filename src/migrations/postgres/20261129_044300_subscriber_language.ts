import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_subscribers_language" AS ENUM('en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar');
  ALTER TABLE "subscribers" ADD COLUMN "language" "enum_subscribers_language" DEFAULT 'en';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "subscribers" DROP COLUMN "language";
  DROP TYPE "public"."enum_subscribers_language";`)
}
