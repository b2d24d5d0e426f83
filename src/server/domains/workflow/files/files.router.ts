// files.*: the list, one file and its delete, each one service call. Uploads and downloads are REST
// (multipart and byte streams): POST /api/files, GET /api/files/{id}.
import { ZDeleted } from '../../../../shared/schemas/business.ts';
import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import { ZFile, ZFileList, ZListFilesInput } from '../../../../shared/schemas/files.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import { getFile, listFiles } from './files.listing.ts';
import { deleteFile } from './files.service.ts';

export const filesRouter = router({
  list: authedProcedure
    .input(ZListFilesInput.prefault({}))
    .output(ZFileList)
    .query(({ ctx, input }) => listFiles(ctx, input)),
  byId: authedProcedure
    .input(ZByIdInput)
    .output(ZFile)
    .query(({ ctx, input }) => getFile(ctx, input)),
  delete: authedProcedure
    .input(ZByIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteFile(ctx, input)),
});
