// REST (spec section 7): /api/pages/datatable, faq, help-center, help-center/article, profile, profile/header.
import type { FastifyPluginAsync } from 'fastify';
import { PROFILE_TABS } from '../../../../shared/schemas/pages.ts';
import { queryEnum, queryString } from '../../../rest/legacy.ts';
import { getHelpArticle, getHelpCenter, getProfileHeader, getProfileTab, listFaq, listSalesRows } from './content.service.ts';

type Query = Record<string, unknown>;

export const pagesRest: FastifyPluginAsync = async (app) => {
  app.get('/pages/datatable', async (request) => listSalesRows(request));

  app.get('/pages/faq', async (request) =>
    listFaq(request, { q: queryString((request.query as Query).q)?.trim() || undefined }),
  );

  app.get('/pages/help-center', async (request) => getHelpCenter(request));

  app.get('/pages/help-center/article', async (request) =>
    getHelpArticle(request, { slug: queryString((request.query as Query).slug, 120)?.trim() || undefined }),
  );

  app.get('/pages/profile', async (request) =>
    getProfileTab(request, queryEnum((request.query as Query).tab, PROFILE_TABS, 'tab') ?? 'profile'),
  );

  app.get('/pages/profile/header', async (request) => getProfileHeader(request));
};
