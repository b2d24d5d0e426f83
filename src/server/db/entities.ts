// The explicit entity list (the defineEntity schemas; each has its class set). Add a domain's
// entities here when the domain is created: the typed Kysely database (db/kysely.ts) is inferred from it.

import {
  AcademyCourseSchema,
  AcademyCourseSectionSchema,
  AcademyCourseTopicSchema,
} from '../domains/apps/academy/academy.entity.ts';
import { AnalyticsProjectSchema } from '../domains/apps/analytics/analytics.entity.ts';
import { CalendarEventSchema } from '../domains/apps/calendar/calendar.entity.ts';
import { ChatMessageSchema, ChatPersonSchema, ChatSchema } from '../domains/apps/chat/chat.entity.ts';
import { ChatPresenceSchema, DirectMessageSchema } from '../domains/apps/chat/chat-live.entity.ts';
import {
  FaqGroupSchema,
  FaqQuestionSchema,
  HelpArticleSchema,
  HelpCategorySchema,
  PageContentSchema,
  ProfileConnectionSchema,
  SalesRowSchema,
} from '../domains/apps/content/content.entity.ts';
import { DemoUserSchema } from '../domains/apps/demo-users/demo-user.entity.ts';
import {
  EcommerceCategorySchema,
  EcommerceCustomerSchema,
  EcommerceOrderEventSchema,
  EcommerceOrderLineSchema,
  EcommerceOrderSchema,
  EcommerceProductSchema,
  EcommerceReferralSchema,
  EcommerceReviewSchema,
  EcommerceSettingsSchema,
} from '../domains/apps/ecommerce/ecommerce.entity.ts';
import { EmailSchema } from '../domains/apps/email/email.entity.ts';
import { InvoiceClientSchema, InvoiceSchema } from '../domains/apps/invoice/invoice.entity.ts';
import { LogisticsVehicleSchema } from '../domains/apps/logistics/logistics.entity.ts';
import { DemoPermissionSchema } from '../domains/apps/permissions/permission.entity.ts';
import { DemoProvisionSchema } from '../domains/apps/provision/demo-provision.entity.ts';
import { DemoTenantSchema } from '../domains/apps/provision/demo-tenant.entity.ts';
import { CustomerSchema } from '../domains/organization/customers/customer.entity.ts';
import { LicenseSchema } from '../domains/organization/licenses/license.entity.ts';
import { TeamMemberSchema, TeamSchema } from '../domains/organization/teams/team.entity.ts';
import { UserSchema } from '../domains/organization/users/user.entity.ts';
import { PasskeySchema, WebauthnChallengeSchema } from '../domains/platform/auth/passkey.entity.ts';
import { RateLimitSchema } from '../domains/platform/auth/rate-limit.entity.ts';
import { RecoveryCodeSchema, UserTotpSchema } from '../domains/platform/auth/second-factor.entity.ts';
import { PasswordResetSchema, SessionSchema } from '../domains/platform/auth/session.entity.ts';
import { CustomerSsoSchema, SsoLoginSchema } from '../domains/platform/auth/sso.entity.ts';
import { ImportSchema } from '../domains/platform/imports/import.entity.ts';
import {
  ApiIdempotencySchema,
  ApiKeySchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
} from '../domains/platform/integrations/integrations.entity.ts';
import {
  AppSecretSchema,
  NotificationPreferenceSchema,
  NotificationSchema,
} from '../domains/platform/notifications/notification.entity.ts';
import { OutboxEmailSchema } from '../domains/platform/outbox/outbox.entity.ts';
import { SearchItemSchema } from '../domains/platform/search/search.entity.ts';
import { SavedViewSchema } from '../domains/platform/views/saved-view.entity.ts';
import { DirectionSchema } from '../domains/structure/directions/direction.entity.ts';
import { LocationClassSchema } from '../domains/structure/location-classes/location-class.entity.ts';
import { LocationSchema } from '../domains/structure/locations/location.entity.ts';
import { SchemeQuestionSchema, SchemeSchema, SchemeSectionSchema } from '../domains/structure/schemes/scheme.entity.ts';
import { SubDirectionSchema } from '../domains/structure/sub-directions/sub-direction.entity.ts';
import { LocationAssignmentSchema } from '../domains/workflow/assignments/assignment.entity.ts';
import { CorrectiveActionSchema } from '../domains/workflow/corrective-actions/corrective-action.entity.ts';
import { FileSchema } from '../domains/workflow/files/file.entity.ts';
import { ProjectSchema } from '../domains/workflow/projects/project.entity.ts';
import {
  ReportLocationMonthlySchema,
  ReportQuestionMonthlySchema,
  ReportQuestionSegmentMonthlySchema,
  ReportQuestionTeamMonthlySchema,
  ReportSchema,
  ReportTaskMonthlySchema,
  ReportTaskSegmentMonthlySchema,
} from '../domains/workflow/reports/report.entity.ts';
import { SlotSchema } from '../domains/workflow/slots/slot.entity.ts';
import { TaskReviewSchema, TaskRoundSchema, TaskSchema } from '../domains/workflow/tasks/task.entity.ts';
import { AuditEventSchema } from '../lib/audit/audit-event.entity.ts';
import { TableRowCountSchema } from './row-count.entity.ts';

export const entities = [
  CustomerSchema,
  UserSchema,
  SessionSchema,
  PasswordResetSchema,
  UserTotpSchema,
  RecoveryCodeSchema,
  PasskeySchema,
  WebauthnChallengeSchema,
  CustomerSsoSchema,
  SsoLoginSchema,
  RateLimitSchema,
  ImportSchema,
  ApiKeySchema,
  ApiIdempotencySchema,
  WebhookEndpointSchema,
  WebhookDeliverySchema,
  OutboxEmailSchema,
  NotificationSchema,
  NotificationPreferenceSchema,
  AppSecretSchema,
  DemoProvisionSchema,
  DemoTenantSchema,
  AcademyCourseSchema,
  AcademyCourseSectionSchema,
  AcademyCourseTopicSchema,
  LicenseSchema,
  DirectionSchema,
  SubDirectionSchema,
  LocationClassSchema,
  LocationSchema,
  SchemeSchema,
  SchemeSectionSchema,
  SchemeQuestionSchema,
  TeamSchema,
  TeamMemberSchema,
  AuditEventSchema,
  EcommerceCategorySchema,
  EcommerceProductSchema,
  EcommerceReviewSchema,
  EcommerceReferralSchema,
  EcommerceOrderSchema,
  EcommerceCustomerSchema,
  EcommerceOrderEventSchema,
  EcommerceOrderLineSchema,
  EcommerceSettingsSchema,
  InvoiceClientSchema,
  InvoiceSchema,
  DemoUserSchema,
  DemoPermissionSchema,
  LogisticsVehicleSchema,
  AnalyticsProjectSchema,
  TableRowCountSchema,
  CalendarEventSchema,
  ChatPersonSchema,
  ChatSchema,
  ChatMessageSchema,
  DirectMessageSchema,
  ChatPresenceSchema,
  EmailSchema,
  SalesRowSchema,
  FaqGroupSchema,
  FaqQuestionSchema,
  HelpCategorySchema,
  HelpArticleSchema,
  PageContentSchema,
  ProfileConnectionSchema,
  SearchItemSchema,
  SavedViewSchema,
  ProjectSchema,
  LocationAssignmentSchema,
  SlotSchema,
  TaskSchema,
  TaskReviewSchema,
  TaskRoundSchema,
  FileSchema,
  ReportSchema,
  ReportTaskMonthlySchema,
  ReportQuestionMonthlySchema,
  ReportQuestionTeamMonthlySchema,
  ReportTaskSegmentMonthlySchema,
  ReportQuestionSegmentMonthlySchema,
  ReportLocationMonthlySchema,
  CorrectiveActionSchema,
];
