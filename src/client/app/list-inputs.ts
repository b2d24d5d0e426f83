// The input of a list's query from its page's URL, as the page asks it: for the preloader, the
// server's drawing and the page itself. What builds it (the list's schema, or the page's own function,
// both zod: list-schemas.ts) loads on demand, and an input once built for a URL is remembered, so a
// page the server drew or the preloader prepared renders its list without loading zod first.
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { parseListState, RESERVED, toListInput, toSchemaListInput } from '../lib/list-state.ts';
import { LIST_INPUTS, LIST_SCHEMAS, type PreloadedList } from './list-schemas.ts';

export type ListInput = Record<string, unknown>;
type Builder = (search: string) => ListInput;

/**
 * The list input the page's useRecordList builds from the same URL: its list state, checked against
 * the list's schema, without the URL's other keys (the schema does not know them).
 */
export function listInputFromUrl(schema: z.ZodType, search: string): ListInput {
  const keys = [...new Set(new URLSearchParams(search).keys())].filter((key) => !RESERVED.has(key));
  const input = toSchemaListInput(schema, parseListState(search, keys)) as ListInput;
  const parsed = schema.safeParse(input);
  if (parsed.success && parsed.data && typeof parsed.data === 'object') {
    for (const key of Object.keys(input)) if (!(key in parsed.data)) delete input[key];
  }
  return input;
}

/** The list input of a URL without a query string: the default list, which every list schema takes as is. */
export const DEFAULT_LIST_INPUT = toListInput(parseListState('', []));

/** The input schema of a domain's list. */
export function listSchema(domain: PreloadedList): Promise<z.ZodType> {
  return LIST_SCHEMAS[domain]();
}

const builders = new Map<PreloadedList, Builder>();

async function loadBuilder(domain: PreloadedList): Promise<Builder> {
  const own = LIST_INPUTS[domain];
  const builder: Builder = own
    ? await own()
    : await listSchema(domain).then((schema) => (search: string) => listInputFromUrl(schema, search));
  builders.set(domain, builder);
  return builder;
}

/** Inputs built for a URL (`domain?search`), the latest last; a few dozen are plenty for one visit. */
const known = new Map<string, ListInput>();
const MAX_KNOWN = 50;
/** A query string without its leading `?` (wouter's `useSearch` gives it so, `location.search` with it). */
const bare = (search: string) => search.replace(/^\?/, '');
const keyOf = (domain: PreloadedList, search: string) => `${domain}?${bare(search)}`;

function remember(domain: PreloadedList, search: string, input: ListInput): ListInput {
  const key = keyOf(domain, search);
  known.delete(key);
  known.set(key, input);
  if (known.size > MAX_KNOWN) known.delete(known.keys().next().value!);
  return input;
}

/**
 * The input a page the server drew was asked with (its drawing carries it, drawn-page.ts), for the app's
 * first render. Not taken when it holds a time: the server counted days in its own time zone, the page
 * counts them in the device's.
 */
export function rememberDrawnListInput(domain: PreloadedList, search: string, input: ListInput): void {
  if (!Object.values(input).some((value) => value instanceof Date)) remember(domain, search, input);
}

/**
 * The list input of `search` when it is known without loading anything: remembered, the default list
 * of a list without its own reading of the URL, or built by a builder already in.
 */
export function listInputNow(domain: PreloadedList, search: string): ListInput | undefined {
  const remembered = known.get(keyOf(domain, search));
  if (remembered) return remembered;
  if (!bare(search) && !LIST_INPUTS[domain]) return { ...DEFAULT_LIST_INPUT };
  const builder = builders.get(domain);
  return builder && remember(domain, search, builder(search));
}

/** The list input of `search` as the page of `domain` builds it (loading what builds it, if need be). */
export async function listInputOf(domain: PreloadedList, search: string): Promise<ListInput> {
  // Unknown now means its builder is not in yet.
  return listInputNow(domain, search) ?? remember(domain, search, (await loadBuilder(domain))(search));
}

/**
 * The list input of the page's URL query string: at once when it is known (listInputNow); otherwise
 * undefined until what builds it has loaded (a filter changed before it was needed: the page keeps its
 * previous rows meanwhile).
 */
export function useListInput(domain: PreloadedList, search: string): ListInput | undefined {
  const now = listInputNow(domain, search);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (now) return;
    let live = true;
    void listInputOf(domain, search).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [domain, search, now]);
  return now;
}
