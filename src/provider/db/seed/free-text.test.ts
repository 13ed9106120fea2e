// The free-text rules (decision 128) refuse nothing the demo already holds: every seeded name, street, complement,
// district and city, the embossed form of a name, and the operators' names pass, so a holder or a user edited with
// its own values sent back is not refused.
import { describe, expect, it } from 'vitest';
import { isLineText, isNameText } from '../../../contracts/free-text.ts';
import { PROFILE_OPERATORS, TEAM } from '../../demo-operators.ts';
import { CITIES, COMPLEMENTS, FEMALE_NAMES, MALE_NAMES, STREETS, SURNAMES } from './data.ts';
import { DEMO_COMPANY_NAMES, DEMO_OPERATOR_NAME, OTHER_OPERATOR_NAME } from './seed.ts';

const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

describe('the seed against the free-text rules', () => {
  it('every person’s name, as written and as embossed, is a name', () => {
    const people = [
      ...[...MALE_NAMES, ...FEMALE_NAMES].flatMap((first) => SURNAMES.map((last) => `${first} ${last}`)),
      ...PROFILE_OPERATORS.map((o) => o.name),
      ...TEAM.map((o) => o.name),
      DEMO_OPERATOR_NAME,
      OTHER_OPERATOR_NAME,
    ];
    expect(people.filter((n) => !isNameText(n))).toEqual([]);
    expect(people.map((n) => ascii(n).toUpperCase().slice(0, 26).trim()).filter((n) => !isNameText(n))).toEqual([]);
  });

  it('every address part and company name is a line', () => {
    const lines = [
      ...STREETS,
      ...COMPLEMENTS,
      ...CITIES.flatMap((c) => [c.city, c.state, ...c.districts]),
      ...DEMO_COMPANY_NAMES,
    ];
    expect(lines.filter((l) => !isLineText(String(l)))).toEqual([]);
  });
});
