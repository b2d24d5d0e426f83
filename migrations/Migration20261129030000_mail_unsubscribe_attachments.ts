import { Migration } from '@mikro-orm/migrations';

/**
 * An e-mail remembers its one-click unsubscribe address (sent as the RFC 8058 List-Unsubscribe header on
 * every attempt) and may carry one attachment, rendered when the e-mail was written (a sent invoice's
 * PDF: what the sender saw is what arrives, whatever changes to the invoice afterwards).
 */
export class Migration20261129030000_mail_unsubscribe_attachments extends Migration {

  override name = 'Migration20261129030000_mail_unsubscribe_attachments';

  override up(): void | Promise<void> {
    this.addSql(`alter table "outbox_emails" add column "list_unsubscribe" varchar(600) null, add column "attachment_name" varchar(120) null, add column "attachment" bytea null;`);
    // The superadmin's deliveries list filters by kind and recipient.
    this.addSql(`create index "outbox_emails_kind_created_at_index" on "outbox_emails" ("kind", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "outbox_emails_kind_created_at_index";`);
    this.addSql(`alter table "outbox_emails" drop column "list_unsubscribe", drop column "attachment_name", drop column "attachment";`);
  }

}
