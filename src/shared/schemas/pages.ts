// Pages demo content: sales datatable, FAQ, help center and the sample user profile.
import { z } from 'zod';
import { listInput, listOutput } from './common.ts';

/* ---------------------------------------------------------------- sales datatable */

export const SALES_PAYMENT_STATUSES = ['Completed', 'Confirmed', 'Cancelled'] as const;
export const RECEIVED_PAYMENT_STATUSES = ['Fully Paid', 'Partially Paid', 'Unpaid'] as const;

export const ZSalesRow = z.object({
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    brand: z.string(),
    category: z.string(),
    price: z.number(),
    image: z.string(),
    hasFreeShipping: z.boolean(),
    rating: z.number().int().min(1).max(5),
    description: z.string(),
  }),
  /** YYYY-MM-DD. */
  date: z.string(),
  buyer: z.object({ name: z.string(), avatar: z.string() }),
  payment: z.object({
    total: z.number(),
    receivedPaymentStatus: z.enum(RECEIVED_PAYMENT_STATUSES),
    paidAmount: z.number(),
    status: z.enum(SALES_PAYMENT_STATUSES),
  }),
});
export type TSalesRow = z.infer<typeof ZSalesRow>;
export const ZSalesRows = z.array(ZSalesRow);

/** The datatable list (/tables/data-table): sorted, searched (product, brand, buyer) and paged in SQL. */
export const SALES_SORT_KEYS = ['product', 'date', 'buyer', 'total', 'status'] as const;
export const ZListSalesInput = listInput(SALES_SORT_KEYS, {
  status: z.enum(SALES_PAYMENT_STATUSES).optional(),
});
export type TListSalesInput = z.infer<typeof ZListSalesInput>;
/** One sale in the list, with its row id (a product may sell more than once). */
export const ZSalesListRow = ZSalesRow.extend({ id: z.number().int() });
export type TSalesListRow = z.infer<typeof ZSalesListRow>;
export const ZSalesList = listOutput(ZSalesListRow);
export type TSalesList = z.infer<typeof ZSalesList>;

/* ---------------------------------------------------------------- FAQ */

export const ZFaqInput = z.object({ q: z.string().trim().max(200).optional() });
export type TFaqInput = z.infer<typeof ZFaqInput>;
export const ZFaqGroup = z.object({
  faqTitle: z.string(),
  faqIcon: z.string(),
  faqSubtitle: z.string(),
  faqs: z.array(z.object({ question: z.string(), answer: z.string() })),
});
export type TFaqGroup = z.infer<typeof ZFaqGroup>;
export const ZFaqGroups = z.array(ZFaqGroup);

/* ---------------------------------------------------------------- help center */

export const ZHelpCenter = z.object({
  allArticles: z.array(
    z.object({
      slug: z.string(),
      title: z.string(),
      icon: z.string(),
      articles: z.array(z.object({ slug: z.string(), title: z.string() })),
    }),
  ),
  popularArticles: z.array(z.object({ slug: z.string(), title: z.string(), subtitle: z.string(), icon: z.string() })),
  keepLearning: z.array(z.object({ title: z.string(), subtitle: z.string(), icon: z.string(), url: z.string() })),
});
export type THelpCenter = z.infer<typeof ZHelpCenter>;
export type TKeepLearning = THelpCenter['keepLearning'];

/** Which article; the first popular article when omitted. */
export const ZHelpArticleInput = z.object({ slug: z.string().trim().min(1).max(120).optional() });
export type THelpArticleInput = z.infer<typeof ZHelpArticleInput>;
export const ZHelpArticle = z.object({
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  category: z.object({ slug: z.string(), title: z.string() }),
  lastUpdated: z.date(),
  /** HTML. */
  content: z.string(),
  /** Other articles of the same category. */
  related: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export type THelpArticle = z.infer<typeof ZHelpArticle>;

/* ---------------------------------------------------------------- profile */

export const PROFILE_TABS = ['profile', 'teams', 'projects', 'connections'] as const;
export type TProfileTab = (typeof PROFILE_TABS)[number];
export const ZProfileInput = z.object({ tab: z.enum(PROFILE_TABS).default('profile') });
export type TProfileInput = z.infer<typeof ZProfileInput>;

const ZAvatarRef = z.object({ avatar: z.string(), name: z.string() });
const ZChip = z.object({ title: z.string(), color: z.string() });
const ZOverviewItem = z.object({
  property: z.string(),
  value: z.string(),
  icon: z.string(),
  color: z.string().optional(),
});

export const ZProfileHeader = z.object({
  fullName: z.string(),
  location: z.string(),
  joiningDate: z.string(),
  designation: z.string(),
  profileImg: z.string(),
  coverImg: z.string(),
});
export type TProfileHeader = z.infer<typeof ZProfileHeader>;

export const ZProfileOverviewTab = z.object({
  about: z.array(ZOverviewItem),
  contacts: z.array(ZOverviewItem),
  teams: z.array(ZOverviewItem),
  overview: z.array(ZOverviewItem),
  connections: z.array(
    z.object({ isFriend: z.boolean(), connections: z.string(), name: z.string(), avatar: z.string() }),
  ),
  teamsTech: z.array(
    z.object({
      title: z.string(),
      members: z.number().int(),
      chipText: z.string(),
      ChipColor: z.string(),
      avatar: z.string(),
    }),
  ),
  projectTable: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      leader: z.string(),
      date: z.string(),
      /** Percent complete. */
      status: z.number().int(),
      avatar: z.string(),
      avatarGroup: z.array(z.string()),
      avatarColor: z.string().optional(),
    }),
  ),
});
export const ZProfileTeamCard = z.object({
  title: z.string(),
  avatar: z.string(),
  extraMembers: z.number().int(),
  avatarGroup: z.array(ZAvatarRef),
  description: z.string(),
  chips: z.array(ZChip),
});
export const ZProfileProjectCard = z.object({
  title: z.string(),
  client: z.string(),
  description: z.string(),
  daysLeft: z.number().int(),
  comments: z.number().int(),
  totalTask: z.number().int(),
  completedTask: z.number().int(),
  /** completed/total, e.g. "12/30". */
  tasks: z.string(),
  /** spent/allowed, e.g. "210/400h". */
  hours: z.string(),
  budget: z.string(),
  budgetSpent: z.string(),
  startDate: z.string(),
  deadline: z.string(),
  chipColor: z.string(),
  members: z.string(),
  avatar: z.string(),
  avatarGroup: z.array(ZAvatarRef),
});
export const ZProfileConnectionCard = z.object({
  name: z.string(),
  designation: z.string(),
  avatar: z.string(),
  tasks: z.string(),
  projects: z.string(),
  connections: z.string(),
  isConnected: z.boolean(),
  chips: z.array(ZChip),
});
export const ZProfileTab = z.union([
  ZProfileOverviewTab,
  z.array(ZProfileTeamCard),
  z.array(ZProfileProjectCard),
  z.array(ZProfileConnectionCard),
]);
export type TProfileTabData = z.infer<typeof ZProfileTab>;
export type TProfileOverviewTab = z.infer<typeof ZProfileOverviewTab>;
export type TProfileTeamCard = z.infer<typeof ZProfileTeamCard>;
export type TProfileProjectCard = z.infer<typeof ZProfileProjectCard>;
export type TProfileConnectionCard = z.infer<typeof ZProfileConnectionCard>;

/** Connect to (or disconnect from) a card of the connections tab, for the caller only. */
export const ZSetProfileConnectionInput = z.object({
  name: z.string().trim().min(1).max(120),
  connected: z.boolean(),
});
export type TSetProfileConnectionInput = z.infer<typeof ZSetProfileConnectionInput>;
