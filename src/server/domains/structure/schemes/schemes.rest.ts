// REST: GET /api/export/schemes.csv?<list filters> — every matching scheme version as CSV.
import type { FastifyPluginAsync } from 'fastify';
import { type TScheme, ZListSchemesInput } from '../../../../shared/schemas/schemes.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateSchemes } from './schemes.service.ts';

export const schemesRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListSchemesInput, TScheme>(app, {
    name: 'schemes',
    input: ZListSchemesInput,
    iterate: iterateSchemes,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'key', value: (r) => r.key },
      { header: 'version', value: (r) => r.version },
      { header: 'name', value: (r) => r.name },
      { header: 'status', value: (r) => r.status },
      { header: 'passing_score', value: (r) => r.passingScore },
      { header: 'require_signature', value: (r) => r.requireSignature },
      { header: 'sections', value: (r) => r.sectionCount },
      { header: 'questions', value: (r) => r.questionCount },
      { header: 'published_at', value: (r) => r.publishedAt },
      { header: 'updated_at', value: (r) => r.updatedAt },
    ],
  });
};
