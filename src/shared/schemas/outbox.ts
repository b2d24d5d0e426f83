import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held'] as const;
/** The superadmin's deliveries, newest first; `status` narrows to one state. */
export const ZListOutboxInput = listInput(['createdAt'], {
  status: z.enum(DELIVERY_STATUSES).optional(),
  /** The e-mail's kind (`passwordReset`, `invitation`, `notice:actions`, `digest`, `invoice`…). */
  kind: z.string().trim().max(40).optional(),
});
export type TListOutboxInput = z.infer<typeof ZListOutboxInput>;

export const ZOutboxEmail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  kind: z.string(),
  language: z.string(),
  /** queued → sending → sent; failed (with the SMTP server's answer); held (written before delivery existed). */
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** The name of its attachment (a sent invoice's PDF), if any. */
  attachmentName: z.string().nullable(),
  sentAt: z.date().nullable(),
  createdAt: z.date(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxList = listOutput(ZOutboxEmail);

/** Send a failed (or held) e-mail again: it is queued anew, its attempts counted from zero. */
export const ZResendOutboxInput = z.object({ id: z.number().int().positive() });
