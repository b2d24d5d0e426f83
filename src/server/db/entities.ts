// The explicit entity list. Add a domain's entities here when the domain is created.
import { PasswordReset, Session } from '../domains/auth/session.entity.ts';
import { Customer } from '../domains/customers/customer.entity.ts';
import { OutboxEmail } from '../domains/outbox/outbox.entity.ts';
import { Notification } from '../domains/notifications/notification.entity.ts';
import { User } from '../domains/users/user.entity.ts';
import { DemoProvision } from '../domains/demo-apps/demo-provision.entity.ts';
import { AcademyCourse, AcademyCourseSection, AcademyCourseTopic } from '../domains/academy/academy.entity.ts';
import { AuditEvent } from '../domains/audit/audit-event.entity.ts';
import { LocationClass } from '../domains/classes/location-class.entity.ts';
import { Direction } from '../domains/directions/direction.entity.ts';
import { License } from '../domains/licenses/license.entity.ts';
import { Location } from '../domains/locations/location.entity.ts';
import { Scheme, SchemeQuestion, SchemeSection } from '../domains/schemes/scheme.entity.ts';
import { SubDirection } from '../domains/sub-directions/sub-direction.entity.ts';
import { Team, TeamMember } from '../domains/teams/team.entity.ts';
import { EcommerceCustomer, EcommerceOrder, EcommerceProduct, EcommerceReferral, EcommerceReview } from '../domains/ecommerce/ecommerce.entity.ts';
import { Invoice, InvoiceClient } from '../domains/invoice/invoice.entity.ts';
import { DemoUser } from '../domains/demo-users/demo-user.entity.ts';
import { DemoPermission } from '../domains/permissions/permission.entity.ts';
import { LogisticsVehicle } from '../domains/logistics/logistics.entity.ts';
import { AnalyticsProject } from '../domains/analytics/analytics.entity.ts';
import { TableRowCount } from './row-count.entity.ts';
import { CalendarEvent } from '../domains/calendar/calendar.entity.ts';
import { Chat, ChatMessage, ChatPerson } from '../domains/chat/chat.entity.ts';
import { Email } from '../domains/email/email.entity.ts';
import { FaqGroup, FaqQuestion, HelpArticle, HelpCategory, PageContent, SalesRow } from '../domains/pages/pages.entity.ts';
import { SearchItem } from '../domains/search/search.entity.ts';
import { SavedView } from '../domains/views/saved-view.entity.ts';

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
