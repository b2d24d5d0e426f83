// Unique codes on update (the shared assertUniqueChange rule): within a customer only, and
// keeping one's own code is never a clash.
import { describe, expect, it } from 'vitest';
import { setupTestApp } from '../../../testing/app.ts';

const t = await setupTestApp();
const acme = await t.caller('admin@demo.com');
const nws = await t.caller('admin@nws.demo.com');

describe('directions.update codes', () => {
  it('refuses a code another direction of the same customer has, naming the field', async () => {
    const { items } = await acme.directions.list({ itemsPerPage: 2, sortBy: 'code' });
    const [first, second] = items;
    await expect(acme.directions.update({ id: second.id, code: first.code })).rejects.toMatchObject({
      code: 'CONFLICT',
      cause: { fieldErrors: { code: [expect.any(String)] } },
    });
  });

  it('accepts the direction keeping its own code', async () => {
    const { items } = await acme.directions.list({ itemsPerPage: 1 });
    const updated = await acme.directions.update({ id: items[0].id, code: items[0].code, name: 'Renamed region' });
    expect(updated).toMatchObject({ code: items[0].code, name: 'Renamed region' });
  });

  it('accepts a code that only another customer uses', async () => {
    const [{ items: ours }, { items: theirs }] = await Promise.all([
      acme.directions.list({ itemsPerPage: 1 }),
      nws.directions.list({ itemsPerPage: 1 }),
    ]);
    const updated = await acme.directions.update({ id: ours[0].id, code: theirs[0].code });
    expect(updated.code).toBe(theirs[0].code);
  });
});
