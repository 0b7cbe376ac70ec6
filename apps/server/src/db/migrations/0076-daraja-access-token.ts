import { sql, type Kysely } from 'kysely';

/**
 * One Daraja access token per app, shared by every instance (issue 24 §3): Daraja keeps one live token per
 * app and each mint kills the previous one, so three instances minting their own failed each other's
 * pushes with 404.001.03. `app` names the Daraja app (a digest of its address and consumer key, never the
 * secret); `expires_at` is when the instances stop using it, a minute before Daraja's own expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table daraja_access_token (
      app text primary key,
      access_token text not null,
      expires_at timestamptz not null,
      minted_at timestamptz not null default now()
    )`.execute(db);
}
