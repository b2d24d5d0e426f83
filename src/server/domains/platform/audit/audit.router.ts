import { ZAuditList, ZListAuditInput } from '../../../../shared/schemas/audit.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { listAudit } from './audit.service.ts';

export const auditRouter = router({
  list: authedProcedure
    .input(ZListAuditInput.prefault({}))
    .output(ZAuditList)
    .query(({ ctx, input }) => listAudit(ctx, input)),
});
