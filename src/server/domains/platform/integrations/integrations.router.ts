import { ZByIdInput } from '../../../../shared/schemas/common.ts';
import {
  ZApiKey,
  ZApiKeyList,
  ZCreateApiKeyInput,
  ZCreatedApiKey,
  ZListApiKeysInput,
} from '../../../../shared/schemas/integrations.ts';
import { authedProcedure, router } from '../../../trpc/init.ts';
import * as apiKeys from './api-keys.service.ts';

export const apiKeysRouter = router({
  list: authedProcedure
    .input(ZListApiKeysInput)
    .output(ZApiKeyList)
    .query(({ ctx, input }) => apiKeys.listApiKeys(ctx, input)),
  create: authedProcedure
    .input(ZCreateApiKeyInput)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => apiKeys.createApiKey(ctx, input)),
  revoke: authedProcedure
    .input(ZByIdInput)
    .output(ZApiKey)
    .mutation(({ ctx, input }) => apiKeys.revokeApiKey(ctx, input)),
});
