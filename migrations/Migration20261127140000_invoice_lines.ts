import { Migration } from '@mikro-orm/migrations';

// Invoices get their lines, discount, tax, note, payments, when they were sent, and a version (issue 14).
// Existing invoices become one line (their service at their total) and, when something was paid, one
// payment of total minus balance on the issue date; their totals stay what they were.
export class Migration20261127140000_invoice_lines extends Migration {
  override name = 'Migration20261127140000_invoice_lines';

  override async up(): Promise<void> {
    this.addSql(`alter table "invoices" add column "items" jsonb null, add column "subtotal" numeric(12,2) null, add column "discount" numeric(12,2) not null default 0, add column "tax_rate" numeric(5,2) not null default 0, add column "tax" numeric(12,2) not null default 0, add column "note" text not null default '', add column "payments" jsonb null, add column "sent_at" timestamptz null, add column "version" int not null default 1;`);
    this.addSql(`update "invoices" set "items" = jsonb_build_array(jsonb_build_object('description', "service", 'quantity', 1, 'price', "total"::float8)), "subtotal" = "total", "payments" = case when "total" - "balance" > 0 then jsonb_build_array(jsonb_build_object('paidOn', "issued_date"::text, 'amount', ("total" - "balance")::float8, 'method', 'Bank transfer')) else '[]'::jsonb end;`);
    this.addSql(`alter table "invoices" alter column "items" set not null, alter column "subtotal" set not null, alter column "payments" set not null;`);
    this.addSql(`alter table "invoices" alter column "discount" drop default, alter column "tax_rate" drop default, alter column "tax" drop default, alter column "note" drop default;`);
    // A copy's invoice numbers are unique (a new invoice takes the next one).
    this.addSql(`create unique index "invoices_tenant_id_number_unique" on "invoices" ("tenant_id", "number");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "invoices_tenant_id_number_unique";`);
    this.addSql(`alter table "invoices" drop column "items", drop column "subtotal", drop column "discount", drop column "tax_rate", drop column "tax", drop column "note", drop column "payments", drop column "sent_at", drop column "version";`);
  }
}
