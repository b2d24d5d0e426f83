// The app-bar search index: the product's pages by area (route table of the spec), with the subject a
// caller must be able to read to see each one. "Dashboard" leads to /dashboards/crm (dashboards-crm).
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { SearchItem } from '../../src/server/domains/platform/search/search.entity.ts';
import type { Subject } from '../../src/shared/abilities/index.ts';

type Page = [title: string, icon: string, url: string, subject: Subject | null];

const INDEX: [group: string, pages: Page[]][] = [
  [
    'Dashboards',
    [
      ['Dashboard', 'home', '/dashboards/crm', null],
      ['Analytics Dashboard', 'graph', '/dashboards/analytics', 'DemoApp'],
      ['eCommerce Dashboard', 'package', '/dashboards/ecommerce', 'DemoApp'],
      ['Logistics Dashboard', 'rocket', '/apps/logistics/dashboard', 'DemoApp'],
    ],
  ],
  [
    'Business',
    [
      ['Customers', 'organization', '/business/customers', 'Customer'],
      ['Licenses', 'key', '/business/licenses', 'License'],
      ['Projects', 'project', '/projects', 'Project'],
      ['Create Project', 'plus', '/projects/createProject', 'Project'],
      ['Tasks', 'tasklist', '/tasks', 'Task'],
      ['Reports', 'graph', '/reports', 'Report'],
      ['Files', 'file', '/files', 'File'],
    ],
  ],
  [
    'Management',
    [
      ['Classes', 'stack', '/management/classes', 'Class'],
      ['Directions', 'milestone', '/management/directions', 'Direction'],
      ['Sub-directions', 'git-branch', '/management/sub-directions', 'SubDirection'],
      ['Schemes', 'checklist', '/management/schemes', 'Scheme'],
      ['Teams', 'people', '/management/teams', 'Team'],
      ['Users', 'person', '/management/users', 'User'],
      ['Location Settings', 'location', '/management/location-setting', 'Location'],
    ],
  ],
  [
    'Apps',
    [
      ['Email', 'mail', '/apps/email', 'DemoApp'],
      ['Chat', 'comment-discussion', '/apps/chat', 'DemoApp'],
      ['Calendar', 'calendar', '/apps/calendar', 'DemoApp'],
      ['Invoice List', 'file', '/apps/invoice/list', 'DemoApp'],
      ['Invoice Add', 'file-added', '/apps/invoice/add', 'DemoApp'],
      ['User List', 'people', '/apps/user/list', 'DemoApp'],
      ['Roles', 'shield', '/apps/roles', 'DemoApp'],
      ['Permissions', 'lock', '/apps/permissions', 'DemoApp'],
      ['Logistics Fleet', 'location', '/apps/logistics/fleet', 'DemoApp'],
    ],
  ],
  [
    'eCommerce',
    [
      ['Product List', 'package', '/apps/ecommerce/product/list', 'DemoApp'],
      ['Add Product', 'plus', '/apps/ecommerce/product/add', 'DemoApp'],
      ['Category List', 'list-unordered', '/apps/ecommerce/product/category-list', 'DemoApp'],
      ['Order List', 'list-ordered', '/apps/ecommerce/order/list', 'DemoApp'],
      ['Customer List', 'people', '/apps/ecommerce/customer/list', 'DemoApp'],
      ['Manage Reviews', 'star', '/apps/ecommerce/manage-review', 'DemoApp'],
      ['Referrals', 'link', '/apps/ecommerce/referrals', 'DemoApp'],
      ['eCommerce Settings', 'gear', '/apps/ecommerce/settings', 'DemoApp'],
    ],
  ],
  ['Access', [['Access Control', 'shield-lock', '/access-control', 'AclDemo']]],
];

export class SearchSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    INDEX.forEach(([groupTitle, pages], g) =>
      pages.forEach(([title, icon, url, subject], i) =>
        em.create(SearchItem, { groupTitle, groupPosition: g + 1, title, icon, url, subject, position: i + 1 }),
      ),
    );
    await em.flush();
  }
}
