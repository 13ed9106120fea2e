// Values a builder makes up, unique within the test process at each call (CPFs, CNPJs, account numbers, names), so
// two rows a test builds never collide. Account numbers and names come from outside what the seeded demo uses; CPFs
// and CNPJs are random (meeting one of the demo's few hundred is a chance in millions).
import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';

let seq = 0;
/** 1, 2, 3, … for this test process. */
export const next = () => ++seq;

const issued = new Set<string>();
/** A value `make` draws that no earlier call of this process drew (documents are unique columns). */
function unique(make: () => string): string {
  for (;;) {
    const value = make();
    if (!issued.has(value)) {
      issued.add(value);
      return value;
    }
  }
}

/**
 * A valid CPF (the project's CPF library), different at every call, never starting with 0: four digits below 1000
 * ("0777") then name no built holder, neither a card's end (built ones are 1000–9999) nor a CPF's start, so a test
 * can search for them in one company and expect nothing (a random CPF met "0777" about once in 100 runs).
 */
export const freshCpf = () =>
  unique(() => {
    for (;;) {
      const cpf = generateCpf();
      if (!cpf.startsWith('0')) return cpf;
    }
  });
/** A valid CNPJ, different at every call. */
export const freshCnpj = () => unique(generateCnpj);

/** Account numbers start below the seeded companies' (7, 8 and 9 billion), so no built one meets a seeded one. */
const ACCOUNT_BASE = 5_000_000_000n;
export const freshAccountNumber = () => ACCOUNT_BASE + BigInt(next()) * 3n;

// Names the seeded demo does not use (db/seed/data.ts), so a search for a built holder finds only what was built.
const FIRST = ['Iara', 'Heitor', 'Yara', 'Caetano', 'Jurema', 'Otávio', 'Iracema', 'Benedito', 'Dalva', 'Moacir'];
const MIDDLE = ['Quintela', 'Bragança', 'Sampaio', 'Valadares', 'Tavares', 'Guimarães', 'Prates', 'Leme', 'Falcão'];
const LAST = ['Aranha', 'Brandão', 'Coutinho', 'Dantas', 'Esteves', 'Fontes', 'Galvão', 'Hora', 'Junqueira', 'Lacerda'];

const GENERATIONS = ['', ' Filho', ' Neto', ' Júnior'];

/** A holder's or user's name: a first name and two surnames no seeded row has, another one each call. */
export function freshName(): string {
  const n = next();
  const pick = <T>(list: readonly T[], k: number) => list[k % list.length] as T;
  const [a, b, c] = [FIRST.length, MIDDLE.length, LAST.length];
  return `${pick(FIRST, n)} ${pick(MIDDLE, Math.floor(n / a))} ${pick(LAST, Math.floor(n / (a * b)))}${pick(GENERATIONS, Math.floor(n / (a * b * c)))}`;
}

/**
 * `name` cut to whole words within `max` characters, for a column narrower than a fresh name can grow (the mother's
 * name takes 30): the counter is shared by every file a worker runs, so names get their generation suffix early.
 */
export function fitName(name: string, max: number): string {
  const words = name.split(' ');
  while (words.join(' ').length > max && words.length > 1) words.pop();
  return words.join(' ');
}

/**
 * A number written in letters (12 → "Bc"), for a name that must differ per call: names take letters only (decision
 * 128), and the letters sort as the digits did.
 */
export const wordFor = (n: number) =>
  [...String(n)].map((d, i) => String.fromCharCode((i === 0 ? 65 : 97) + Number(d))).join('');

/** Lower-case ASCII, as logins, e-mails and embossed names have it. */
export const ascii = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
