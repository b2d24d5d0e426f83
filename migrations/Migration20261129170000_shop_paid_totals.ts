import { Migration } from '@mikro-orm/migrations';

/** The payment code of a paid order (PAYMENT.paid in src/shared/schemas/ecommerce.ts). */
const PAID = 1;

/** Adds the orders and amounts of `delta` (tenant_id, email, n, spent) to the shop customers with that e-mail. */
const addSums = (delta: string) => `update ecommerce_customers c
       set order_count = c.order_count + d.n, total_spent = c.total_spent + d.spent
      from (${delta}) d
     where c.email = d.email and (c.tenant_id = d.tenant_id or (c.tenant_id is null and d.tenant_id is null));`;

/** What one order adds to its customer's total spent, its columns read with `row` before them ('o.'). */
type Spent = (row?: string) => string;

/** The trigger function keeping a customer's sums, `spent` being what one order adds to their total. */
const track = (amount: Spent) => {
  const spent = amount();
  return `create or replace function "ecommerce_customer_sums_track"() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${addSums(`select tenant_id, email, count(*) as n, sum(${spent}) as spent from new_rows group by 1, 2`)}
  elsif tg_op = 'DELETE' then
    ${addSums(`select tenant_id, email, -count(*) as n, -sum(${spent}) as spent from old_rows group by 1, 2`)}
  elsif tg_op = 'UPDATE' then
    ${addSums(`select tenant_id, email, sum(n) as n, sum(spent) as spent
      from (select tenant_id, email, -1 as n, -(${spent}) as spent from old_rows
            union all select tenant_id, email, 1, ${spent} from new_rows) moved
     group by 1, 2 having sum(n) <> 0 or sum(spent) <> 0`)}
  elsif tg_op = 'TRUNCATE' then
    update ecommerce_customers set order_count = 0, total_spent = 0 where order_count <> 0 or total_spent <> 0;
  end if;
  return null;
end
$$;`;
};

/** Sets every customer's sums afresh from the orders placed with their e-mail, `spent` as in `track`. */
const recount = (amount: Spent) => `update "ecommerce_customers" c set "order_count" = s.n, "total_spent" = s.total
      from (select c2.id, count(o.id)::int as n, coalesce(sum(${amount('o.')}), 0) as total
              from ecommerce_customers c2
              left join ecommerce_orders o on o.email = c2.email and o.tenant_id is not distinct from c2.tenant_id
             group by c2.id) s
     where s.id = c.id and (c.order_count, c.total_spent) is distinct from (s.n, s.total);`;

const paidOnly: Spent = (row = '') => `case when ${row}payment = ${PAID} then ${row}spent else 0 end`;
const everyOrder: Spent = (row = '') => `${row}spent`;

/**
 * A shop customer's total spent is what they paid: the orders placed with their e-mail whose payment is
 * Paid (a cancelled order, or one still pending or failed, adds nothing). Their order count stays every
 * order placed, as their orders list shows. The trigger of shop_order_lines keeps both from now on, a
 * payment that changes included; every customer's total is counted again.
 */
export class Migration20261129170000_shop_paid_totals extends Migration {

  override name = 'Migration20261129170000_shop_paid_totals';

  override up(): void | Promise<void> {
    this.addSql(track(paidOnly));
    this.addSql(recount(paidOnly));
  }

  override down(): void | Promise<void> {
    this.addSql(track(everyOrder));
    this.addSql(recount(everyOrder));
  }

}
