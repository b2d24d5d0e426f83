import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox becomes a delivery queue: each e-mail keeps its HTML part, its recipient's language, and
 * its delivery state (queued → sending → sent, or failed with the SMTP server's answer), the attempts
 * made and the Message-ID it went out with. Rows written before stay `held`: they were never meant to
 * leave, and must not go out once an SMTP server is configured.
 */
export class Migration20261128210000_mail_delivery extends Migration {

  override name = 'Migration20261128210000_mail_delivery';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_emails" add column "html" text null, add column "language" varchar(5) not null default 'en', add column "user_id" int null, add column "customer_id" int null, add column "status" varchar(10) not null default 'queued', add column "attempts" int not null default 0, add column "last_error" varchar(1000) null, add column "message_id" varchar(300) null, add column "claimed_at" timestamptz null, add column "sent_at" timestamptz null;`);
    this.addSql(`update "outbox_emails" set "status" = 'held';`);
    // The delivery sweep reads queued rows by age; the superadmin's view filters by status, newest first.
    this.addSql(`create index "outbox_emails_status_created_at_index" on "outbox_emails" ("status", "created_at");`);
    this.addSql(`create index "outbox_emails_created_at_index" on "outbox_emails" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "outbox_emails_created_at_index";`);
    this.addSql(`drop index if exists "outbox_emails_status_created_at_index";`);
    this.addSql(`alter table "outbox_emails" drop column "html", drop column "language", drop column "user_id", drop column "customer_id", drop column "status", drop column "attempts", drop column "last_error", drop column "message_id", drop column "claimed_at", drop column "sent_at";`);
  }

}
