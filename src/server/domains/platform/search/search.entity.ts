import { defineEntity, p } from '@mikro-orm/core';
import type { Subject } from '../../../../shared/abilities/index.ts';
import { baseProperties } from '../../../db/base.entity.ts';

/** A page the app-bar search can lead to, in a group; shown only to callers who may read `subject`. */
export const SearchItemSchema = defineEntity({
  name: 'SearchItem',
  tableName: 'search_items',
  properties: {
    ...baseProperties,
    groupTitle: p.string().length(80),
    groupPosition: p.integer(),
    title: p.string().length(120),
    icon: p.string().length(60),
    url: p.string().length(300).unique(),
    /**
     * The ability subject needed to see the page; null for every signed-in user. A plain string, not a
     * checked enum, so adding a subject to the ability list needs no migration here.
     */
    subject: p.type('string').$type<Subject | null>().length(40).nullable(),
    position: p.integer(),
  },
  indexes: [{ properties: ['groupPosition', 'position'] }],
});

export class SearchItem extends SearchItemSchema.class {}
SearchItemSchema.setClass(SearchItem);
