// The explicit entity list. Add a domain's entities here when the domain is created.
import { PasswordReset, Session } from '../domains/platform/auth/session.entity.ts';
import { Customer } from '../domains/organization/customers/customer.entity.ts';
import { OutboxEmail } from '../domains/platform/outbox/outbox.entity.ts';
import { Notification } from '../domains/platform/notifications/notification.entity.ts';
import { User } from '../domains/organization/users/user.entity.ts';
import { DemoProvision } from '../domains/apps/provision/demo-provision.entity.ts';
import { AcademyCourse, AcademyCourseSection, AcademyCourseTopic } from '../domains/apps/academy/academy.entity.ts';
import { AuditEvent } from '../lib/audit/audit-event.entity.ts';
import { LocationClass } from '../domains/structure/location-classes/location-class.entity.ts';
import { Direction } from '../domains/structure/directions/direction.entity.ts';
import { License } from '../domains/organization/licenses/license.entity.ts';
import { Location } from '../domains/structure/locations/location.entity.ts';
import { Scheme, SchemeQuestion, SchemeSection } from '../domains/structure/schemes/scheme.entity.ts';
import { SubDirection } from '../domains/structure/sub-directions/sub-direction.entity.ts';
import { Team, TeamMember } from '../domains/organization/teams/team.entity.ts';
import { EcommerceCustomer, EcommerceOrder, EcommerceProduct, EcommerceReferral, EcommerceReview } from '../domains/apps/ecommerce/ecommerce.entity.ts';
import { Invoice, InvoiceClient } from '../domains/apps/invoice/invoice.entity.ts';
import { DemoUser } from '../domains/apps/demo-users/demo-user.entity.ts';
import { DemoPermission } from '../domains/apps/permissions/permission.entity.ts';
import { LogisticsVehicle } from '../domains/apps/logistics/logistics.entity.ts';
import { AnalyticsProject } from '../domains/apps/analytics/analytics.entity.ts';
import { TableRowCount } from './row-count.entity.ts';
import { CalendarEvent } from '../domains/apps/calendar/calendar.entity.ts';
import { Chat, ChatMessage, ChatPerson } from '../domains/apps/chat/chat.entity.ts';
import { Email } from '../domains/apps/email/email.entity.ts';
import { FaqGroup, FaqQuestion, HelpArticle, HelpCategory, PageContent, SalesRow } from '../domains/apps/content/content.entity.ts';
import { SearchItem } from '../domains/platform/search/search.entity.ts';
import { SavedView } from '../domains/platform/views/saved-view.entity.ts';

export const entities = [
  Customer, User, Session, PasswordReset, OutboxEmail,
  Notification,
  DemoProvision,
  AcademyCourse, AcademyCourseSection, AcademyCourseTopic,
  License, Direction, SubDirection, LocationClass, Location, Scheme, SchemeSection, SchemeQuestion, Team, TeamMember, AuditEvent,
  EcommerceProduct, EcommerceReview, EcommerceReferral, EcommerceOrder, EcommerceCustomer,
  InvoiceClient, Invoice, DemoUser, DemoPermission, LogisticsVehicle, AnalyticsProject, TableRowCount,
  CalendarEvent,
  ChatPerson, Chat, ChatMessage,
  Email,
  SalesRow, FaqGroup, FaqQuestion, HelpCategory, HelpArticle, PageContent,
  SearchItem,
  SavedView,
];
