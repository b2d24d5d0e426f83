import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

export const ZListOutboxInput = listInput(['createdAt'], {});
export type TListOutboxInput = z.infer<typeof ZListOutboxInput>;

export const ZOutboxEmail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  createdAt: z.date(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxList = listOutput(ZOutboxEmail);
