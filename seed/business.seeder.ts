// The business structure of the demo customers: licenses, directions, sub-directions, classes,
// locations, schemes (published versions with scored questions) and teams with the demo users.
// Deterministic: fixed faker seeds; dates relative to today. Content written for Opsdesk.
import crypto from 'node:crypto';
import { type Faker, fakerDE, fakerFR } from '@faker-js/faker';
import type { EntityManager } from '@mikro-orm/core';
import { Seeder } from '@mikro-orm/seeder';
import { Customer } from '../src/server/domains/organization/customers/customer.entity.ts';
import { License } from '../src/server/domains/organization/licenses/license.entity.ts';
import { Team, TeamMember } from '../src/server/domains/organization/teams/team.entity.ts';
import { User } from '../src/server/domains/organization/users/user.entity.ts';
import { Direction } from '../src/server/domains/structure/directions/direction.entity.ts';
import { LocationClass } from '../src/server/domains/structure/location-classes/location-class.entity.ts';
import { Location } from '../src/server/domains/structure/locations/location.entity.ts';
import { Scheme, SchemeQuestion, SchemeSection } from '../src/server/domains/structure/schemes/scheme.entity.ts';
import { SubDirection } from '../src/server/domains/structure/sub-directions/sub-direction.entity.ts';
import { hashPassword } from '../src/server/lib/password.ts';
import type { TLicenseModule } from '../src/shared/schemas/licenses.ts';
import type { TOpeningHours } from '../src/shared/schemas/locations.ts';
import type { TEvidenceRule, TQuestionOption, TQuestionType, TVisibleIf } from '../src/shared/schemas/schemes.ts';

const DAY = 24 * 3600_000;

function daysFromToday(days: number): Date {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() + days * DAY);
}

/* ------------------------------------------------------------------ structure data */

interface ClassSpec {
  name: string;
  color: string;
  description: string;
  geofence: number;
  hours: TOpeningHours;
  /** How a location of this class is named, from the area name. */
  label: string;
  kind: 'shop' | 'depot' | 'pickup';
}

const week = (
  days: (keyof TOpeningHours)[],
  open: string,
  close: string,
  extra: Partial<TOpeningHours> = {},
): TOpeningHours => {
  const hours: TOpeningHours = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
  for (const day of days) hours[day] = [{ open, close }];
  return { ...hours, ...extra };
};
const MON_SAT: (keyof TOpeningHours)[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MON_FRI: (keyof TOpeningHours)[] = ['mon', 'tue', 'wed', 'thu', 'fri'];
const ALL_WEEK: (keyof TOpeningHours)[] = [...MON_SAT, 'sun'];

const ACME_CLASSES: ClassSpec[] = [
  {
    name: 'Hypermarket',
    color: '#0969da',
    geofence: 250,
    label: 'Hyper',
    kind: 'shop',
    description: 'Large out-of-town stores with a full food and non-food range.',
    hours: week(MON_SAT, '08:30', '21:00', { sun: [{ open: '09:00', close: '12:30' }] }),
  },
  {
    name: 'Supermarket',
    color: '#1a7f37',
    geofence: 120,
    label: 'Market',
    kind: 'shop',
    description: 'Neighbourhood supermarkets, mostly food.',
    hours: week(MON_SAT, '08:00', '20:30'),
  },
  {
    name: 'Convenience store',
    color: '#bf8700',
    geofence: 60,
    label: 'Proxi',
    kind: 'shop',
    description: 'Small city-centre shops with long opening hours.',
    hours: week(ALL_WEEK, '07:00', '22:00'),
  },
  {
    name: 'Warehouse',
    color: '#8250df',
    geofence: 300,
    label: 'Depot',
    kind: 'depot',
    description: 'Regional distribution centres supplying the stores.',
    hours: week(MON_FRI, '05:00', '13:00', {
      mon: [
        { open: '05:00', close: '13:00' },
        { open: '13:30', close: '21:30' },
      ],
    }),
  },
  {
    name: 'Drive pick-up',
    color: '#cf222e',
    geofence: 80,
    label: 'Drive',
    kind: 'pickup',
    description: 'Click-and-collect points attached to a store.',
    hours: week(MON_SAT, '09:00', '20:00'),
  },
];

const NWS_CLASSES: ClassSpec[] = [
  {
    name: 'Branch',
    color: '#0969da',
    geofence: 100,
    label: 'Filiale',
    kind: 'shop',
    description: 'Regular high-street branches.',
    hours: week(MON_SAT, '09:00', '20:00'),
  },
  {
    name: 'Outlet',
    color: '#bf8700',
    geofence: 150,
    label: 'Outlet',
    kind: 'shop',
    description: 'Discount outlets at the edge of town.',
    hours: week(MON_SAT, '10:00', '19:00'),
  },
  {
    name: 'Distribution centre',
    color: '#8250df',
    geofence: 300,
    label: 'Lager',
    kind: 'depot',
    description: 'Regional stock for the branches.',
    hours: week(MON_FRI, '06:00', '18:00'),
  },
];

interface AreaSpec {
  code: string;
  name: string;
  cities: [string, number, number][];
}
interface DirectionSpec {
  code: string;
  name: string;
  description: string;
  areas: AreaSpec[];
}

const ACME_DIRECTIONS: DirectionSpec[] = [
  {
    code: 'NORTH',
    name: 'North & Paris region',
    description: 'Paris, its suburbs and the northern départements.',
    areas: [
      {
        code: 'PAR-W',
        name: 'Paris West',
        cities: [
          ['Paris', 48.8566, 2.3522],
          ['Nanterre', 48.8924, 2.2071],
          ['Versailles', 48.8049, 2.1204],
        ],
      },
      {
        code: 'PAR-E',
        name: 'Paris East',
        cities: [
          ['Montreuil', 48.8638, 2.4485],
          ['Créteil', 48.7904, 2.4556],
          ['Noisy-le-Grand', 48.8487, 2.5528],
        ],
      },
      {
        code: 'HDF',
        name: 'Hauts-de-France',
        cities: [
          ['Lille', 50.6292, 3.0573],
          ['Amiens', 49.8941, 2.2958],
          ['Arras', 50.291, 2.7775],
        ],
      },
    ],
  },
  {
    code: 'SOUTHEAST',
    name: 'South-East',
    description: 'Lyon, the Alps and Provence.',
    areas: [
      {
        code: 'LYON',
        name: 'Lyon metropolitan area',
        cities: [
          ['Lyon', 45.764, 4.8357],
          ['Villeurbanne', 45.7719, 4.8902],
          ['Vénissieux', 45.6973, 4.8859],
        ],
      },
      {
        code: 'ALPS',
        name: 'Alps',
        cities: [
          ['Grenoble', 45.1885, 5.7245],
          ['Chambéry', 45.5646, 5.9178],
          ['Annecy', 45.8992, 6.1294],
        ],
      },
      {
        code: 'PACA',
        name: 'Provence',
        cities: [
          ['Marseille', 43.2965, 5.3698],
          ['Aix-en-Provence', 43.5297, 5.4474],
          ['Toulon', 43.1242, 5.928],
        ],
      },
    ],
  },
  {
    code: 'WEST',
    name: 'West',
    description: 'Brittany and the Loire valley.',
    areas: [
      {
        code: 'BZH',
        name: 'Brittany',
        cities: [
          ['Rennes', 48.1173, -1.6778],
          ['Brest', 48.3904, -4.4861],
          ['Vannes', 47.6582, -2.7608],
        ],
      },
      {
        code: 'LOIRE',
        name: 'Pays de la Loire',
        cities: [
          ['Nantes', 47.2184, -1.5536],
          ['Angers', 47.4784, -0.5632],
          ['Le Mans', 48.0061, 0.1996],
        ],
      },
    ],
  },
  {
    code: 'SOUTHWEST',
    name: 'South-West',
    description: 'Bordeaux, Toulouse and the Atlantic coast.',
    areas: [
      {
        code: 'BDX',
        name: 'Bordeaux',
        cities: [
          ['Bordeaux', 44.8378, -0.5792],
          ['Mérignac', 44.8386, -0.6436],
          ['Arcachon', 44.6586, -1.1689],
        ],
      },
      {
        code: 'TLS',
        name: 'Toulouse',
        cities: [
          ['Toulouse', 43.6047, 1.4442],
          ['Blagnac', 43.637, 1.39],
          ['Montauban', 44.0176, 1.355],
        ],
      },
    ],
  },
];

const NWS_DIRECTIONS: DirectionSpec[] = [
  {
    code: 'NORD',
    name: 'North',
    description: 'Hamburg and Bremen.',
    areas: [
      {
        code: 'HH',
        name: 'Hamburg',
        cities: [
          ['Hamburg', 53.5511, 9.9937],
          ['Norderstedt', 53.7064, 9.992],
        ],
      },
      {
        code: 'HB',
        name: 'Bremen',
        cities: [
          ['Bremen', 53.0793, 8.8017],
          ['Bremerhaven', 53.5396, 8.5809],
        ],
      },
    ],
  },
  {
    code: 'OST',
    name: 'East',
    description: 'Berlin, Brandenburg and Saxony.',
    areas: [
      {
        code: 'BER',
        name: 'Berlin',
        cities: [
          ['Berlin', 52.52, 13.405],
          ['Potsdam', 52.3906, 13.0645],
        ],
      },
      {
        code: 'SAX',
        name: 'Saxony',
        cities: [
          ['Leipzig', 51.3397, 12.3731],
          ['Dresden', 51.0504, 13.7373],
        ],
      },
    ],
  },
];

/* ------------------------------------------------------------------ schemes */

interface Q {
  key: string;
  text: string;
  type: TQuestionType;
  help?: string;
  options?: TQuestionOption[];
  maxScore?: number;
  weight?: number;
  required?: boolean;
  allowNA?: boolean;
  critical?: boolean;
  evidence?: TEvidenceRule;
  minPhotos?: number;
  visibleIf?: TVisibleIf;
}
interface SectionSpec {
  title: string;
  weight: number;
  questions: Q[];
}
interface SchemeSpec {
  name: string;
  description: string;
  passingScore: number;
  requireSignature: boolean;
  sections: SectionSpec[];
}

const cleanliness: TQuestionOption[] = [
  { value: 'spotless', label: 'Spotless', score: 3 },
  { value: 'acceptable', label: 'Acceptable, minor marks', score: 2 },
  { value: 'dirty', label: 'Visibly dirty', score: 0 },
];

const STORE_STANDARDS: SchemeSpec = {
  name: 'Store opening standards',
  description:
    'The walk-through an inspector does in the first hour after opening: outside, sales floor, checkouts, staff and safety.',
  passingScore: 80,
  requireSignature: true,
  sections: [
    {
      title: 'Entrance and exterior',
      weight: 1,
      questions: [
        {
          key: 'ext_signage',
          text: 'Is the outdoor signage lit and undamaged?',
          type: 'yesno',
          evidence: 'on_fail',
          minPhotos: 1,
        },
        {
          key: 'ext_parking',
          text: 'How clean are the car park and trolley bays?',
          type: 'choice',
          options: cleanliness,
          maxScore: 3,
        },
        { key: 'ext_hours', text: 'Are the opening hours displayed at the entrance?', type: 'yesno' },
        {
          key: 'ext_access',
          text: 'Is the step-free access clear of obstacles?',
          type: 'yesno',
          critical: true,
          evidence: 'on_fail',
          minPhotos: 1,
        },
      ],
    },
    {
      title: 'Sales floor',
      weight: 2,
      questions: [
        {
          key: 'floor_gaps',
          text: 'Number of empty shelf facings counted in the three main aisles',
          type: 'number',
          help: 'Count facings with no product and no "out of stock" label.',
          maxScore: 5,
        },
        {
          key: 'floor_prices',
          text: 'Rate the price labelling (1 = many missing or wrong, 5 = all correct)',
          type: 'score',
          maxScore: 5,
          weight: 2,
        },
        {
          key: 'floor_promo',
          text: "Is this week's promotion set up as planned?",
          type: 'yesno',
          allowNA: true,
          evidence: 'always',
          minPhotos: 1,
        },
        {
          key: 'floor_clean',
          text: 'How clean are the floors and shelves?',
          type: 'choice',
          options: cleanliness,
          maxScore: 3,
        },
        {
          key: 'floor_expired',
          text: 'Were any products past their use-by date found on the shelves?',
          type: 'yesno',
          help: 'Answer "yes" if at least one was found.',
          critical: true,
          evidence: 'on_fail',
          minPhotos: 2,
        },
        {
          key: 'floor_expired_count',
          text: 'How many out-of-date products were removed?',
          type: 'number',
          maxScore: 0,
          weight: 0,
          required: false,
          visibleIf: { questionKey: 'floor_expired', equals: true },
        },
      ],
    },
    {
      title: 'Checkouts',
      weight: 1.5,
      questions: [
        {
          key: 'co_open',
          text: 'Are enough checkouts open for the queue (no more than 4 customers waiting)?',
          type: 'yesno',
        },
        { key: 'co_self', text: 'Are all self-service tills working?', type: 'yesno', allowNA: true },
        { key: 'co_wait', text: 'Longest wait observed, in minutes', type: 'number', maxScore: 3 },
        { key: 'co_bags', text: 'Are bags and payment terminals available at every open till?', type: 'yesno' },
      ],
    },
    {
      title: 'Staff and safety',
      weight: 1.5,
      questions: [
        { key: 'staff_badges', text: 'Are all staff on the floor wearing a name badge?', type: 'yesno' },
        { key: 'staff_greeting', text: 'Rate the welcome given to customers (1 to 5)', type: 'score', maxScore: 5 },
        {
          key: 'safety_exits',
          text: 'Are the emergency exits unlocked and unobstructed?',
          type: 'yesno',
          critical: true,
          evidence: 'on_fail',
          minPhotos: 1,
        },
        {
          key: 'safety_extinguishers',
          text: 'Have the fire extinguishers been checked within the last 12 months?',
          type: 'yesno',
          critical: true,
        },
        { key: 'safety_spill', text: 'Is a spill kit available and stocked?', type: 'yesno' },
        {
          key: 'staff_remarks',
          text: 'Remarks for the store manager',
          type: 'text',
          maxScore: 0,
          weight: 0,
          required: false,
        },
        { key: 'staff_signature', text: "Store manager's signature", type: 'signature', maxScore: 0, weight: 0 },
      ],
    },
  ],
};

const temperature: TQuestionOption[] = [
  { value: 'ok', label: 'Within range', score: 2 },
  { value: 'borderline', label: 'Within 1 °C of the limit', score: 1 },
  { value: 'out', label: 'Out of range', score: 0 },
];

const COLD_CHAIN: SchemeSpec = {
  name: 'Fresh food and cold chain',
  description: 'Temperatures, dates and hygiene in the fresh departments and the back store.',
  passingScore: 85,
  requireSignature: false,
  sections: [
    {
      title: 'Chilled cabinets',
      weight: 2,
      questions: [
        {
          key: 'cc_dairy_temp',
          text: 'Dairy cabinet temperature',
          type: 'choice',
          options: temperature,
          maxScore: 2,
          critical: true,
          evidence: 'always',
          minPhotos: 1,
        },
        {
          key: 'cc_meat_temp',
          text: 'Meat cabinet temperature',
          type: 'choice',
          options: temperature,
          maxScore: 2,
          critical: true,
          evidence: 'always',
          minPhotos: 1,
        },
        {
          key: 'cc_ready_temp',
          text: 'Ready-meals cabinet temperature',
          type: 'choice',
          options: temperature,
          maxScore: 2,
          critical: true,
        },
        { key: 'cc_curtains', text: 'Are night blinds and doors in good condition?', type: 'yesno' },
        {
          key: 'cc_load',
          text: 'Is every cabinet loaded below its load line?',
          type: 'yesno',
          evidence: 'on_fail',
          minPhotos: 1,
        },
        { key: 'cc_log', text: 'Is the temperature log filled in twice a day?', type: 'yesno' },
      ],
    },
    {
      title: 'Frozen food',
      weight: 1.5,
      questions: [
        {
          key: 'fz_temp',
          text: 'Freezer temperature at -18 °C or below?',
          type: 'yesno',
          critical: true,
          evidence: 'always',
          minPhotos: 1,
        },
        { key: 'fz_ice', text: 'Rate the ice build-up (1 = heavy, 4 = none)', type: 'score', maxScore: 4 },
        { key: 'fz_packs', text: 'Are damaged packs removed from sale?', type: 'yesno' },
        { key: 'fz_defrost', text: 'Date of the last defrost is recorded', type: 'yesno', allowNA: true },
      ],
    },
    {
      title: 'Fruit, vegetables and bakery',
      weight: 1,
      questions: [
        {
          key: 'fv_quality',
          text: 'Rate the freshness of the fruit and vegetables display (1 to 5)',
          type: 'score',
          maxScore: 5,
          weight: 2,
        },
        { key: 'fv_origin', text: 'Is the country of origin shown for every loose product?', type: 'yesno' },
        { key: 'fv_rotation', text: 'Is stock rotated (older stock in front)?', type: 'yesno' },
        {
          key: 'bk_allergens',
          text: 'Are allergens displayed for the in-store bakery?',
          type: 'yesno',
          critical: true,
        },
        {
          key: 'bk_tongs',
          text: 'Are tongs and bags available at the self-service bakery?',
          type: 'yesno',
          allowNA: true,
        },
      ],
    },
    {
      title: 'Back store and hygiene',
      weight: 1.5,
      questions: [
        { key: 'bs_receiving', text: 'Are deliveries put away within 30 minutes of receipt?', type: 'yesno' },
        {
          key: 'bs_floor',
          text: 'Nothing stored directly on the floor of the cold room',
          type: 'yesno',
          evidence: 'on_fail',
          minPhotos: 1,
        },
        {
          key: 'bs_pests',
          text: 'Any sign of pests?',
          type: 'yesno',
          critical: true,
          evidence: 'on_fail',
          minPhotos: 2,
          help: 'Answer "yes" if droppings, gnawed packs or insects were seen.',
        },
        { key: 'bs_handwash', text: 'Hand-wash station with soap and paper towels', type: 'yesno' },
        { key: 'bs_cleaning_plan', text: 'Cleaning plan signed for the past 7 days', type: 'yesno' },
        { key: 'bs_waste', text: 'How tidy is the waste area?', type: 'choice', options: cleanliness, maxScore: 3 },
        {
          key: 'bs_photo',
          text: 'Photo of the cold room overview',
          type: 'photo',
          maxScore: 0,
          weight: 0,
          evidence: 'always',
          minPhotos: 1,
        },
        {
          key: 'bs_notes',
          text: 'Actions agreed with the department manager',
          type: 'text',
          maxScore: 0,
          weight: 0,
          required: false,
        },
      ],
    },
  ],
};

const BRANCH_WALK: SchemeSpec = {
  name: 'Branch walk-through',
  description: 'A short monthly check of every branch.',
  passingScore: 75,
  requireSignature: false,
  sections: [
    {
      title: 'Shop floor',
      weight: 1,
      questions: [
        { key: 'nw_clean', text: 'How clean is the shop floor?', type: 'choice', options: cleanliness, maxScore: 3 },
        { key: 'nw_prices', text: 'Are all prices labelled?', type: 'yesno' },
        { key: 'nw_queue', text: 'Longest queue at the tills (customers)', type: 'number', maxScore: 3 },
        { key: 'nw_staff', text: "Rate the staff's helpfulness (1 to 5)", type: 'score', maxScore: 5 },
      ],
    },
    {
      title: 'Safety',
      weight: 1,
      questions: [
        {
          key: 'nw_exits',
          text: 'Are the emergency exits clear?',
          type: 'yesno',
          critical: true,
          evidence: 'on_fail',
          minPhotos: 1,
        },
        { key: 'nw_first_aid', text: 'Is the first-aid kit complete?', type: 'yesno' },
        { key: 'nw_notes', text: 'Notes', type: 'text', maxScore: 0, weight: 0, required: false },
      ],
    },
  ],
};

/** A UUID (version 4 layout) derived from a seed, so reseeding gives the same scheme keys. */
function stableUuid(seed: string): string {
  const h = crypto.createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/* ------------------------------------------------------------------ seeder */

export class BusinessSeeder extends Seeder {
  async run(em: EntityManager): Promise<void> {
    const acme = await em.findOneOrFail(Customer, { code: 'ACME' });
    const nws = await em.findOneOrFail(Customer, { code: 'NWS' });

    this.licenses(
      em,
      acme,
      { plan: 'company', seats: 25, modules: ['tasks', 'reports', 'files', 'api'] },
      { plan: 'team', seats: 10, modules: ['tasks', 'reports'] },
      200,
      165,
    );
    this.licenses(
      em,
      nws,
      { plan: 'basic', seats: 5, modules: ['tasks', 'reports'] },
      { plan: 'basic', seats: 3, modules: ['tasks'] },
      30,
      335,
    );

    fakerFR.seed(5501);
    const acmeClasses = this.classes(em, acme, ACME_CLASSES);
    this.structure(em, acme, ACME_DIRECTIONS, acmeClasses, fakerFR, 5);
    fakerDE.seed(5502);
    const nwsClasses = this.classes(em, nws, NWS_CLASSES);
    this.structure(em, nws, NWS_DIRECTIONS, nwsClasses, fakerDE, 3);

    const standards = this.scheme(em, acme, STORE_STANDARDS, 1, 'published', 120);
    this.scheme(em, acme, COLD_CHAIN, 1, 'published', 90);
    // The store standards are being revised: version 2 is a draft with one more question.
    standards.isLatest = false;
    const revision: SchemeSpec = {
      ...STORE_STANDARDS,
      sections: STORE_STANDARDS.sections.map((s) =>
        s.title === 'Checkouts'
          ? {
              ...s,
              questions: [
                ...s.questions,
                { key: 'co_loyalty', text: 'Is the loyalty card offered at the till?', type: 'yesno' as const },
              ],
            }
          : s,
      ),
    };
    this.scheme(em, acme, revision, 2, 'draft', 5, standards.key);
    this.scheme(em, nws, BRANCH_WALK, 1, 'published', 60);

    await em.flush();
    await this.teams(em, acme, nws);
    await em.flush();
  }

  private licenses(
    em: EntityManager,
    customer: Customer,
    current: { plan: License['plan']; seats: number; modules: TLicenseModule[] },
    previous: { plan: License['plan']; seats: number; modules: TLicenseModule[] },
    startedDaysAgo: number,
    expiresInDays: number,
  ): void {
    const key = (n: number) => {
      const hex = crypto.createHash('sha256').update(`${customer.code}-${n}`).digest('hex').toUpperCase();
      return `ODK-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}`;
    };
    em.create(License, {
      customer,
      key: key(1),
      ...previous,
      startsAt: daysFromToday(-startedDaysAgo - 365),
      expiresAt: daysFromToday(-startedDaysAgo),
      revokedAt: null,
      revokeReason: null,
    });
    em.create(License, {
      customer,
      key: key(2),
      ...current,
      startsAt: daysFromToday(-startedDaysAgo),
      expiresAt: daysFromToday(expiresInDays),
      revokedAt: null,
      revokeReason: null,
    });
  }

  private classes(
    em: EntityManager,
    customer: Customer,
    specs: ClassSpec[],
  ): { spec: ClassSpec; entity: LocationClass }[] {
    return specs.map((spec) => ({
      spec,
      entity: em.create(LocationClass, {
        customer,
        name: spec.name,
        description: spec.description,
        color: spec.color,
        archivedAt: null,
      }),
    }));
  }

  private structure(
    em: EntityManager,
    customer: Customer,
    directions: DirectionSpec[],
    classes: { spec: ClassSpec; entity: LocationClass }[],
    faker: Faker,
    perArea: number,
  ): void {
    let n = 0;
    for (const d of directions) {
      const direction = em.create(Direction, {
        customer,
        code: d.code,
        name: d.name,
        description: d.description,
        active: true,
        archivedAt: null,
      });
      for (const a of d.areas) {
        const sub = em.create(SubDirection, {
          customer,
          direction,
          code: a.code,
          name: a.name,
          description: `Locations of the ${a.name} area.`,
          active: true,
          archivedAt: null,
        });
        for (let i = 0; i < perArea; i++) {
          n++;
          const [city, lat, lng] = a.cities[i % a.cities.length];
          // Mostly shops; the last location of each direction's first area is its depot, and some
          // areas have a pick-up point.
          const kind = i === perArea - 1 && a === d.areas[0] ? 'depot' : i === 1 && n % 2 === 0 ? 'pickup' : 'shop';
          const candidates = classes.filter((c) => c.spec.kind === kind);
          const { spec, entity } = faker.helpers.arrayElement(
            candidates.length ? candidates : classes.filter((c) => c.spec.kind === 'shop'),
          );
          const district = faker.location
            .street()
            .replace(/^(rue|avenue|boulevard|place|impasse|allée|chemin|quai)\s+(de la |de l'|du |des |de |d')?/i, '');
          em.create(Location, {
            customer,
            subDirection: sub,
            locationClass: entity,
            code: `${a.code}-${String(i + 1).padStart(3, '0')}`,
            name: `${spec.label} ${city} ${district}`.slice(0, 200),
            address: faker.location.streetAddress(),
            city,
            latitude: Number((lat + faker.number.float({ min: -0.03, max: 0.03 })).toFixed(6)),
            longitude: Number((lng + faker.number.float({ min: -0.03, max: 0.03 })).toFixed(6)),
            geofenceRadiusM: spec.geofence,
            openingHours: spec.hours,
            active: n % 17 !== 0,
            archivedAt: n % 23 === 0 ? daysFromToday(-40) : null,
          });
        }
      }
    }
  }

  private scheme(
    em: EntityManager,
    customer: Customer,
    spec: SchemeSpec,
    version: number,
    status: 'draft' | 'published',
    daysAgo: number,
    key = stableUuid(`${customer.code}:${spec.name}`),
  ): Scheme {
    const scheme = em.create(Scheme, {
      customer,
      key,
      version,
      isLatest: true,
      name: spec.name,
      description: spec.description,
      status,
      passingScore: spec.passingScore,
      requireSignature: spec.requireSignature,
      publishedAt: status === 'published' ? daysFromToday(-daysAgo) : null,
      archivedAt: null,
    });
    spec.sections.forEach((s, si) => {
      const section = em.create(SchemeSection, { scheme, title: s.title, weight: s.weight, position: si + 1 });
      s.questions.forEach((q, qi) => {
        em.create(SchemeQuestion, {
          scheme,
          section,
          key: q.key,
          position: qi + 1,
          text: q.text,
          help: q.help ?? null,
          type: q.type,
          options: q.options ?? [],
          maxScore: q.maxScore ?? 1,
          weight: q.weight ?? 1,
          required: q.required ?? true,
          allowNa: q.allowNA ?? false,
          critical: q.critical ?? false,
          evidence: q.evidence ?? 'none',
          minPhotos: q.minPhotos ?? 0,
          visibleIf: q.visibleIf ?? null,
        });
      });
    });
    return scheme;
  }

  private async teams(em: EntityManager, acme: Customer, nws: Customer): Promise<void> {
    fakerFR.seed(5503);
    const passwordHash = await hashPassword('Inspector-2024');
    const user = (email: string) => em.findOneOrFail(User, { email });
    const extra = (role: 'qualitycontrol' | 'teamleader') => {
      const first = fakerFR.person.firstName();
      const last = fakerFR.person.lastName();
      const email = `${first}.${last}`
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-zA-Z.]/g, '')
        .toLowerCase();
      return em.create(User, {
        customer: acme,
        email: `${email}@acme.example`,
        fullName: `${first} ${last}`,
        role,
        status: 'active',
        language: 'fr',
        passwordHash,
        avatar: null,
        lastLoginAt: null,
      });
    };
    const floorManager = await user('floormanager@demo.com');
    const teamLeader = await user('teamleader@demo.com');
    const inspector = await user('qualitycontrol@demo.com');
    const lyonInspectors = [extra('qualitycontrol'), extra('qualitycontrol'), extra('qualitycontrol')];
    const parisLeader = extra('teamleader');
    const parisInspectors = [extra('qualitycontrol'), extra('qualitycontrol'), extra('qualitycontrol')];

    const lyon = em.create(Team, {
      customer: acme,
      name: 'Lyon field team',
      description: 'Inspectors covering the South-East direction.',
      floorManager,
      teamLeader,
      active: true,
      archivedAt: null,
    });
    const paris = em.create(Team, {
      customer: acme,
      name: 'Paris field team',
      description: 'Inspectors covering Paris and the North.',
      floorManager,
      teamLeader: parisLeader,
      active: true,
      archivedAt: null,
    });
    const nwsInspector = await user('qualitycontrol@nws.demo.com');
    const berlin = em.create(Team, {
      customer: nws,
      name: 'Berlin Mitte',
      description: 'Branch checks in Berlin.',
      floorManager: null,
      teamLeader: null,
      active: true,
      archivedAt: null,
    });

    const memberships: [Team, User[]][] = [
      [lyon, [floorManager, teamLeader, inspector, ...lyonInspectors]],
      [paris, [floorManager, parisLeader, ...parisInspectors]],
      [berlin, [nwsInspector]],
    ];
    for (const [team, members] of memberships) {
      for (const member of members) {
        em.create(TeamMember, { team, user: member });
        member.team ??= team;
      }
    }
  }
}
