import { defineEntity, p } from '@mikro-orm/core';
import type { TSavedViewListKey } from '../../../../shared/constants/saved-views.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';
import { User } from '../../organization/users/user.entity.ts';

/**
 * A named state of one list (its URL query string), kept by its owner and, when `shared`, offered to
 * everyone of the owner's customer. The superadmin's views belong to no customer.
 */
export const SavedViewSchema = defineEntity({
  name: 'SavedView',
  tableName: 'saved_views',
  properties: {
    ...baseProperties,
    owner: () => p.manyToOne(User).deleteRule('cascade'),
    customer: () => p.manyToOne(Customer).nullable().deleteRule('cascade'),
    /** One of SAVED_VIEW_LIST_KEYS (src/shared/constants/saved-views.ts), e.g. `management.locations`. */
    listKey: p.string().length(60).$type<TSavedViewListKey>(),
    name: p.string().length(80),
    /** The list's URL query string without the leading `?`. */
    query: p.string().length(2000),
    shared: p.boolean().default(false),
  },
  // The unique index also serves "my views of this list"; the other one "views shared in my customer".
  uniques: [{ name: 'saved_views_owner_list_key_name_unique', properties: ['owner', 'listKey', 'name'] }],
  indexes: [{ name: 'saved_views_customer_list_key_shared_index', properties: ['customer', 'listKey', 'shared'] }],
});

export class SavedView extends SavedViewSchema.class {}
SavedViewSchema.setClass(SavedView);
