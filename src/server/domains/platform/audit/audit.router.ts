import { ZAuditList, ZListAuditInput } from '../../../../shared/schemas/audit.ts';
import { router } from '../../../trpc/init.ts';
import { listQuery } from '../../../trpc/procedures.ts';
import { listAudit } from './audit.service.ts';

export const auditRouter = router({
  list: listQuery(ZListAuditInput, ZAuditList, listAudit),
});
