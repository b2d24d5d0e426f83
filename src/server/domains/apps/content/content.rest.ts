// REST (spec section 7): /api/pages/datatable, faq, help-center, help-center/article, profile, profile/header.
import type { FastifyPluginAsync } from 'fastify';
import { PROFILE_TABS } from '../../../../shared/schemas/pages.ts';
import { queryEnum, queryString, requireAbility } from '../../../rest/legacy.ts';
import { getHelpArticle, getHelpCenter, getProfileHeader, getProfileTab, listFaq, listSalesRows } from './content.service.ts';

type Query = Record<string, unknown>;

export const pagesRest: FastifyPluginAsync = async (app) => {
  const demo = requireAbility('read', 'DemoApp');

  app.get('/pages/datatable', { preHandler: demo }, async (request) => listSalesRows(request));

  app.get('/pages/faq', { preHandler: demo }, async (request) =>
    listFaq(request, { q: queryString((request.query as Query).q)?.trim() || undefined }),
  );

  app.get('/pages/help-center', { preHandler: demo }, async (request) => getHelpCenter(request));

  app.get('/pages/help-center/article', { preHandler: demo }, async (request) =>
    getHelpArticle(request, { slug: queryString((request.query as Query).slug, 120)?.trim() || undefined }),
  );

  app.get('/pages/profile', { preHandler: demo }, async (request) =>
    getProfileTab(request, queryEnum((request.query as Query).tab, PROFILE_TABS, 'tab') ?? 'profile'),
  );

  app.get('/pages/profile/header', { preHandler: demo }, async (request) => getProfileHeader(request));
};
