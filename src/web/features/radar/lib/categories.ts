// The radar's lists, in the panel's order, and the route that shows one. Read from the messages (no zod on /home).

import { messages } from '../../../../contracts/messages.ts';
import type { RadarCategory } from '../../../../contracts/radar.ts';
import { paths } from '../../../app/paths.ts';

export const CATEGORIES = Object.keys(messages.radar.categories) as RadarCategory[];

export const isCategory = (value: string | undefined): value is RadarCategory =>
  value !== undefined && (CATEGORIES as string[]).includes(value);

/** /home/radar/unused */
export const radarListPath = (category: RadarCategory) => `${paths.radar}/${category}`;

/** 2026-01-31 → 31/01/2026 */
export const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The filter as it travels: the BFF lets only [A-Za-z0-9._~-] through in a query value, so accents are dropped and
 * spaces become `_` (the provider compares names without accents and reads `_` as a space, decision 083).
 */
export const filterOnTheWire = (term: string) =>
  term
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_');
