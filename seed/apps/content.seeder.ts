// Pages demo content: sales datatable rows, the FAQ, the help center and the sample profile.
// Deterministic (fixed faker seed); every text is our own.
import { faker } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import {
  FaqGroup,
  FaqQuestion,
  HelpArticle,
  HelpCategory,
  PageContent,
  SalesRow,
} from '../../src/server/domains/apps/content/content.entity.ts';
import type {
  TKeepLearning,
  TProfileConnectionCard,
  TProfileHeader,
  TProfileOverviewTab,
  TProfileProjectCard,
  TProfileTeamCard,
} from '../../src/shared/schemas/pages.ts';
import { avatarImage, coverImage } from '../support/demo-images.ts';

const PRODUCT_CATEGORIES = ['Electronics', 'Accessories', 'Shoes', 'Office', 'Home Decor', 'Games'];

const FAQ: { title: string; icon: string; subtitle: string; faqs: [string, string][] }[] = [
  {
    title: 'Payment',
    icon: 'credit-card',
    subtitle: 'Paying for your order',
    faqs: [
      [
        'Which payment methods do you accept?',
        'Cards from the major networks, bank transfer for business accounts, and PayPal. All payments are taken in the currency shown at checkout.',
      ],
      [
        'When is my card charged?',
        'We reserve the amount when you order and take it when the order leaves the warehouse. A cancelled order releases the reservation straight away.',
      ],
      [
        'Can I get an invoice with my company details?',
        'Yes. Add the company name and VAT number at checkout, or from the order page afterwards, and download the invoice as a PDF.',
      ],
    ],
  },
  {
    title: 'Delivery',
    icon: 'package',
    subtitle: 'Shipping options and timing',
    faqs: [
      [
        'How much does scheduled delivery cost?',
        'Choosing your own delivery slot costs $69 for a standard day-time window, or $99 for an evening or weekend slot.',
      ],
      [
        'How long does standard delivery take?',
        'Most orders arrive within three to five working days. You get a tracking link by e-mail as soon as the parcel is on its way.',
      ],
      [
        'What should I do if my order arrives damaged?',
        'Tell us within 48 hours of delivery, with a photo of the item and of the packaging, and we will send a replacement or refund you.',
      ],
      [
        'Do you deliver abroad?',
        'We ship to most European countries. Delivery times and costs for your address are shown before you pay.',
      ],
    ],
  },
  {
    title: 'Cancellation & Return',
    icon: 'sync',
    subtitle: 'Changing your mind',
    faqs: [
      [
        'Can I cancel a scheduled order?',
        'Yes, as long as you cancel at least 72 hours before the delivery slot you booked. Closer to the slot, the order can no longer be stopped.',
      ],
      [
        'How long do I have to return an item?',
        'You can send an item back within 15 days of receiving it, unused and in its original packaging.',
      ],
      [
        'When will I get my refund?',
        'Refunds are issued within five working days of the return reaching our warehouse, to the payment method you used.',
      ],
    ],
  },
  {
    title: 'My Orders',
    icon: 'checklist',
    subtitle: 'Tracking and changing orders',
    faqs: [
      [
        'Where can I see the status of my order?',
        'Open Orders in your account: each order shows whether it is being prepared, dispatched, out for delivery or delivered.',
      ],
      [
        'Can I change the delivery address after ordering?',
        'Until the order is dispatched you can edit the address from the order page. After that, contact support and we will try to redirect it.',
      ],
      [
        'Can I add items to an order I already placed?',
        'Orders cannot be merged once paid, but a second order placed the same day usually ships together with the first.',
      ],
    ],
  },
  {
    title: 'Product & Services',
    icon: 'gift',
    subtitle: 'Warranty and product questions',
    faqs: [
      [
        'Do products come with a warranty?',
        'Every product carries the legal two-year warranty. Some brands add their own extended cover, shown on the product page.',
      ],
      [
        'Do you offer installation?',
        'For large items we can book an installer in most cities; the price is shown at checkout when the service is available.',
      ],
      [
        'How do I know if an item is in stock?',
        'The product page shows live stock. Items marked out of stock can be followed to get an e-mail when they are back.',
      ],
    ],
  },
];

const HELP: { slug: string; title: string; icon: string; articles: [string, string][] }[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    icon: 'rocket',
    articles: [
      ['Create your account and sign in', 'From invitation to first sign-in'],
      ['A tour of the dashboard', 'What each card on the landing page shows'],
      ['Set your language and theme', 'Personal preferences that follow you'],
    ],
  },
  {
    slug: 'stores-and-audits',
    title: 'Stores and audits',
    icon: 'checklist',
    articles: [
      ['Plan a store audit', 'Assign locations, dates and inspectors'],
      ['Perform a task on site', 'Answer the checklist and attach photos'],
      ['Review a completed audit', 'Approve, comment or send it back'],
      ['Understand audit scores', 'How answers turn into a score'],
    ],
  },
  {
    slug: 'account-and-security',
    title: 'Account and security',
    icon: 'shield-lock',
    articles: [
      ['Reset a forgotten password', 'Get back into your account safely'],
      ['Manage who can see what', 'Roles and what each one may do'],
      ['Sign out of every device', 'End sessions you no longer use'],
    ],
  },
  {
    slug: 'reports-and-exports',
    title: 'Reports and exports',
    icon: 'graph',
    articles: [
      ['Build a report', 'Pick locations, periods and measures'],
      ['Export a list to CSV', 'Every row that matches your filters'],
      ['Share a saved view', 'Keep filters for yourself or your team'],
    ],
  },
];
const POPULAR = ['plan-a-store-audit', 'reset-a-forgotten-password', 'export-a-list-to-csv'];

const KEEP_LEARNING: TKeepLearning = [
  {
    title: 'Release notes',
    subtitle: 'What changed in each version, in plain words.',
    icon: 'megaphone',
    url: '/help/release-notes',
  },
  {
    title: 'Training sessions',
    subtitle: 'Short live sessions for new teams, every month.',
    icon: 'mortar-board',
    url: '/help/training',
  },
  {
    title: 'Community forum',
    subtitle: 'Ask other teams how they organise their audits.',
    icon: 'comment-discussion',
    url: '/help/community',
  },
];

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
}

function articleHtml(title: string, subtitle: string): string {
  return [
    `<p>${subtitle}. This article walks you through it step by step.</p>`,
    `<h5>Before you start</h5><p>Make sure you are signed in with a role that may use this feature. If a button is missing, ask your administrator.</p>`,
    `<h5>Steps</h5><ol><li>Open the page from the main navigation.</li><li>Fill in the fields; required ones are marked.</li><li>Save. A confirmation appears at the top of the page.</li></ol>`,
    `<p>Still stuck with “${title.toLowerCase()}”? Contact support from the help menu and mention this article.</p>`,
  ].join('');
}

const people = (n: number) => Array.from({ length: n }, () => faker.person.fullName());
const refs = (names: string[]) => names.map((name) => ({ name, avatar: avatarImage(name) }));
const shortDate = (d: Date) => d.toISOString().slice(0, 10);

export class PagesSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    faker.seed(3505);
    const today = new Date();

    // Sales datatable
    for (let i = 0; i < 60; i++) {
      const name = faker.commerce.productName();
      const total = faker.number.float({ min: 12, max: 1500, fractionDigits: 2 });
      const status = faker.helpers.weightedArrayElement([
        { value: 'Completed' as const, weight: 5 },
        { value: 'Confirmed' as const, weight: 3 },
        { value: 'Cancelled' as const, weight: 1 },
      ]);
      const received =
        status === 'Cancelled'
          ? 'Unpaid'
          : faker.helpers.arrayElement(['Fully Paid', 'Partially Paid', 'Unpaid'] as const);
      const buyer = faker.person.fullName();
      em.create(SalesRow, {
        productId: 1000 + i,
        productName: name,
        slug: `${slugify(name)}-${1000 + i}`,
        brand: faker.company.name(),
        category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length],
        price: total,
        image: coverImage(name),
        hasFreeShipping: faker.datatype.boolean(),
        rating: faker.number.int({ min: 1, max: 5 }),
        description: faker.commerce.productDescription(),
        soldOn: shortDate(new Date(today.getTime() - faker.number.int({ min: 0, max: 90 }) * 86_400_000)),
        buyerName: buyer,
        buyerAvatar: i % 3 === 0 ? '' : avatarImage(buyer),
        paymentTotal: total,
        receivedPaymentStatus: received,
        paidAmount:
          received === 'Fully Paid'
            ? total
            : received === 'Unpaid'
              ? 0
              : Math.round(total * faker.number.float({ min: 0.2, max: 0.8 }) * 100) / 100,
        paymentStatus: status,
      });
    }

    // FAQ
    FAQ.forEach((group, g) => {
      const row = em.create(FaqGroup, {
        title: group.title,
        icon: group.icon,
        subtitle: group.subtitle,
        position: g + 1,
      });
      group.faqs.forEach(([question, answer], q) =>
        em.create(FaqQuestion, { group: row, question, answer, position: q + 1 }),
      );
    });

    // Help center
    HELP.forEach((category, c) => {
      const row = em.create(HelpCategory, {
        slug: category.slug,
        title: category.title,
        icon: category.icon,
        position: c + 1,
      });
      category.articles.forEach(([title, subtitle], a) => {
        const slug = slugify(title);
        em.create(HelpArticle, {
          category: row,
          slug,
          title,
          subtitle,
          icon: category.icon,
          popularRank: POPULAR.includes(slug) ? POPULAR.indexOf(slug) + 1 : null,
          position: a + 1,
          content: articleHtml(title, subtitle),
        });
      });
    });
    em.create(PageContent, { key: 'help-center.keep-learning', data: KEEP_LEARNING });

    // Profile
    const owner = faker.person.fullName();
    const header: TProfileHeader = {
      fullName: owner,
      location: 'Lyon, France',
      joiningDate: shortDate(new Date(today.getTime() - 420 * 86_400_000)),
      designation: 'Quality Programme Lead',
      profileImg: avatarImage(owner),
      coverImg: coverImage('Quality Programme'),
    };
    const friends = people(5);
    const projectNames = [
      'Cold-chain audit',
      'Store refit checklist',
      'Supplier scorecard',
      'Safety walk app',
      'Quarterly report revamp',
    ];
    const overview: TProfileOverviewTab = {
      about: [
        { property: 'Full Name', value: owner, icon: 'person' },
        { property: 'Status', value: 'Active', icon: 'check-circle' },
        { property: 'Role', value: 'Programme Lead', icon: 'star' },
        { property: 'Country', value: 'France', icon: 'location' },
        { property: 'Languages', value: 'French, English', icon: 'globe' },
      ],
      contacts: [
        { property: 'Contact', value: '+33 4 72 00 12 34', icon: 'device-mobile' },
        { property: 'Email', value: `${slugify(owner).replace(/-/g, '.')}@acme.example`, icon: 'mail' },
      ],
      teams: [
        { property: 'Quality', value: '(12 Members)', icon: 'shield-check', color: 'primary' },
        { property: 'Operations', value: '(8 Members)', icon: 'gear', color: 'info' },
      ],
      overview: [
        { property: 'Task Compiled', value: '13.5k', icon: 'check' },
        { property: 'Connections', value: '897', icon: 'people' },
        { property: 'Projects Compiled', value: '146', icon: 'project' },
      ],
      connections: friends.map((name, i) => ({
        isFriend: i % 2 === 0,
        connections: String(faker.number.int({ min: 12, max: 900 })),
        name,
        avatar: avatarImage(name),
      })),
      teamsTech: [
        {
          title: 'Store Auditors',
          members: 24,
          chipText: 'Field',
          ChipColor: 'primary',
          avatar: coverImage('Auditors'),
        },
        { title: 'Data Crew', members: 6, chipText: 'Analytics', ChipColor: 'info', avatar: coverImage('Data') },
        {
          title: 'Regional Leads',
          members: 9,
          chipText: 'Management',
          ChipColor: 'success',
          avatar: coverImage('Leads'),
        },
      ],
      projectTable: projectNames.map((name, i) => {
        const leader = faker.person.fullName();
        const members = people(3);
        return {
          id: i + 1,
          name,
          leader,
          date: shortDate(new Date(today.getTime() - (i + 1) * 17 * 86_400_000)),
          status: faker.number.int({ min: 5, max: 100 }),
          avatar: coverImage(name),
          avatarGroup: members.map(avatarImage),
          avatarColor: ['primary', 'success', 'warning', 'info', 'error'][i],
        };
      }),
    };
    const teamCards: TProfileTeamCard[] = [
      ['Store Auditors', 'Visit every store twice a quarter and keep the checklists honest.', ['Field', 'Audits']],
      ['Data Crew', 'Turn answers into scores, trends and the monthly report.', ['Analytics']],
      ['Regional Leads', 'Plan the visits and follow up on the actions.', ['Planning', 'People']],
      ['Supplier Quality', 'Check deliveries, labels and cold-chain records.', ['Suppliers']],
      ['Training', 'Onboard new inspectors and refresh the basics.', ['Coaching', 'Docs']],
      ['Safety', 'Fire exits, first-aid kits and safe stacking.', ['Safety']],
    ].map(([title, description, chips]) => ({
      title: title as string,
      avatar: coverImage(title as string),
      extraMembers: faker.number.int({ min: 0, max: 12 }),
      avatarGroup: refs(people(3)),
      description: description as string,
      chips: (chips as string[]).map((chip, i) => ({ title: chip, color: i === 0 ? 'primary' : 'info' })),
    }));
    const projectCards: TProfileProjectCard[] = projectNames.concat('Inspector onboarding').map((title, i) => {
      const totalTask = faker.number.int({ min: 20, max: 120 });
      const completedTask = faker.number.int({ min: 0, max: totalTask });
      const allowed = faker.number.int({ min: 100, max: 600 });
      const budget = faker.number.int({ min: 5, max: 80 }) * 1000;
      const start = new Date(today.getTime() - faker.number.int({ min: 10, max: 120 }) * 86_400_000);
      const deadline = new Date(today.getTime() + faker.number.int({ min: 5, max: 120 }) * 86_400_000);
      return {
        title,
        client: faker.person.fullName(),
        description: `Deliver the ${title.toLowerCase()} with the regional teams and report progress every week.`,
        daysLeft: Math.round((deadline.getTime() - today.getTime()) / 86_400_000),
        comments: faker.number.int({ min: 0, max: 60 }),
        totalTask,
        completedTask,
        tasks: `${completedTask}/${totalTask}`,
        hours: `${faker.number.int({ min: 0, max: allowed })}/${allowed}h`,
        budget: `$${budget.toLocaleString('en-US')}`,
        budgetSpent: `$${Math.round(budget * faker.number.float({ min: 0.1, max: 0.95 })).toLocaleString('en-US')}`,
        startDate: shortDate(start),
        deadline: shortDate(deadline),
        chipColor: ['success', 'warning', 'error', 'info', 'primary', 'secondary'][i],
        members: `${faker.number.int({ min: 3, max: 30 })} members`,
        avatar: coverImage(title),
        avatarGroup: refs(people(4)),
      };
    });
    const connectionCards: TProfileConnectionCard[] = people(9).map((name, i) => ({
      name,
      designation: ['Store Manager', 'Inspector', 'Data Analyst', 'Regional Lead', 'Buyer'][i % 5],
      avatar: avatarImage(name),
      tasks: String(faker.number.int({ min: 10, max: 900 })),
      projects: String(faker.number.int({ min: 1, max: 40 })),
      connections: String(faker.number.int({ min: 5, max: 400 })),
      isConnected: i % 3 !== 1,
      chips: [{ title: ['Audits', 'Reports', 'Safety', 'Training'][i % 4], color: 'primary' }],
    }));
    em.create(PageContent, { key: 'profile.header', data: header });
    em.create(PageContent, { key: 'profile.profile', data: overview });
    em.create(PageContent, { key: 'profile.teams', data: teamCards });
    em.create(PageContent, { key: 'profile.projects', data: projectCards });
    em.create(PageContent, { key: 'profile.connections', data: connectionCards });
    await em.flush();
  }
}
