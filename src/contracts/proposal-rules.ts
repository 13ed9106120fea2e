// The card request's rules (spec sections 5 and 9) as pure functions: the form and the provider run the same ones.
import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { DATE_FORMATS } from './constants.ts';

dayjs.extend(customParseFormat);

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Check digits through @brazilian-utils; eleven equal digits are refused as well (000.000.000-00 passes the sums). */
export function isValidProposalCpf(value: string): boolean {
  const cpf = digitsOf(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return isValidCpf(cpf);
}

/** A real calendar date typed as dd/mm/yyyy: month lengths and leap years through dayjs strict parsing. */
export function isValidTypedDate(value: string): boolean {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return false;
  return dayjs(value, DATE_FORMATS.typedDate, true).isValid();
}

/** dd/mm/yyyy → YYYY-MM-DD (the proposal's birth date), or null when it is not a real date. */
export function typedDateToIso(value: string): string | null {
  if (!isValidTypedDate(value)) return null;
  return dayjs(value, DATE_FORMATS.typedDate, true).format(DATE_FORMATS.proposalBirthDate);
}

/**
 * A real YYYY-MM-DD date from 1900 on (what the provider receives). The floor matters: PostgreSQL's date type has
 * no year 0000, so a date the calendar accepts could still fail on the insert and answer a 500.
 */
export function isValidIsoDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    value >= '1900-01-01' &&
    dayjs(value, DATE_FORMATS.proposalBirthDate, true).isValid()
  );
}

const LETTERS = 'A-Za-zÀ-ÖØ-öø-ÿ&';
const PERSON_NAME = new RegExp(`^[${LETTERS}]{2,}(?: +[${LETTERS}]+)+$`);

/**
 * At least two words of letters (accents included), ampersands and spaces only, the first word at least
 * two letters long. Surrounding spaces do not count.
 */
export function isValidPersonName(value: string): boolean {
  return PERSON_NAME.test(normalizeSpaces(value).trim());
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A standard e-mail pattern (the HTML living standard's, with a dot required in the domain). */
export function isValidProposalEmail(value: string): boolean {
  return value.length <= 60 && EMAIL.test(value.trim());
}

/** A due day from 1 to 31; anything above 31 gives 'Data de vencimento inválido'. */
export function isValidDueDay(value: number | string): boolean {
  const day = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(day) && day >= 1 && day <= 31;
}

/** Non-breaking spaces become plain spaces in the proposal. */
export const normalizeSpaces = (value: string) => value.replace(/[\u00a0\u202f\u2007]/g, ' ');

/** Complements are sent with all whitespace removed. */
export const stripWhitespace = (value: string) => value.replace(/[\s\u00a0\u202f\u2007]/g, '');

/** What the postal-code lookup may write into the form: street 40, district 15, state 3, city 30. */
export const CEP_FILL_LIMITS = { street: 40, district: 15, state: 3, city: 30, complement: 25 } as const;

export interface CepAnswer {
  logradouro?: string;
  bairro?: string;
  uf?: string;
  localidade?: string;
  complemento?: string;
}

export function addressFromCep(answer: CepAnswer) {
  const cut = (value: string | undefined, max: number) =>
    normalizeSpaces(value ?? '')
      .trim()
      .slice(0, max);
  return {
    street: cut(answer.logradouro, CEP_FILL_LIMITS.street),
    district: cut(answer.bairro, CEP_FILL_LIMITS.district),
    state: cut(answer.uf, CEP_FILL_LIMITS.state),
    city: cut(answer.localidade, CEP_FILL_LIMITS.city),
    complement: cut(answer.complemento, CEP_FILL_LIMITS.complement),
  };
}

/** The lookup runs once the masked CEP is longer than 8 characters (00000-000). */
export const shouldLookUpCep = (masked: string) => masked.length > 8 && digitsOf(masked).length === 8;

/** Phones get a hyphen before the last four digits ('33334444' → '3333-4444'). */
export function formatPhone(typed: string): string {
  const digits = digitsOf(typed).slice(0, 9);
  return digits.length > 4 ? `${digits.slice(0, -4)}-${digits.slice(-4)}` : digits;
}
