// REST: GET /api/export/projects.csv?<list filters> — every matching project as CSV, with its progress.
// Reads through the service's own list (iterateProjects: authorization, tenant scope, filters in SQL),
// so the file holds every row of the filter and not just the page shown.
import type { FastifyPluginAsync } from 'fastify';
import { type TProject, ZListProjectsInput } from '../../../../shared/schemas/projects.ts';
import { registerCsvExport } from '../../../rest/csv-export.ts';
import { iterateProjects } from './projects.service.ts';

export const projectsRest: FastifyPluginAsync = async (app) => {
  registerCsvExport<typeof ZListProjectsInput, TProject>(app, {
    name: 'projects',
    input: ZListProjectsInput,
    iterate: iterateProjects,
    columns: [
      { header: 'id', value: (r) => r.id },
      { header: 'code', value: (r) => r.code },
      { header: 'name', value: (r) => r.name },
      { header: 'status', value: (r) => r.status },
      { header: 'start_date', value: (r) => r.startDate },
      { header: 'end_date', value: (r) => r.endDate },
      { header: 'scheme', value: (r) => r.scheme.name },
      { header: 'scheme_version', value: (r) => r.scheme.version },
      { header: 'owner', value: (r) => r.owner?.name ?? null },
      { header: 'locations', value: (r) => r.progress.locations },
      { header: 'tasks', value: (r) => r.progress.tasks },
      { header: 'completion_rate', value: (r) => r.progress.completionRate },
      { header: 'pass_rate', value: (r) => r.progress.passRate },
      { header: 'average_score', value: (r) => r.progress.averageScore },
      { header: 'archived_at', value: (r) => r.archivedAt },
      { header: 'created_at', value: (r) => r.createdAt },
    ],
  });
};
