import { ZFile, ZFileList, ZListFilesInput } from '../../../../shared/schemas/files.ts';
import { router } from '../../../trpc/init.ts';
import { recordProcedures } from '../../../trpc/procedures.ts';
import * as files from './files.service.ts';

const p = recordProcedures(ZFile);

// Uploads and downloads are REST (multipart and byte streams): POST /api/files, GET /api/files/{id}.
export const filesRouter = router({
  list: p.list(ZListFilesInput, ZFileList, files.listFiles),
  byId: p.byId(files.getFile),
  delete: p.delete(files.deleteFile),
});
