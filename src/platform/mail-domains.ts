// Which sender domains production refuses: names reserved for examples (RFC 2606, RFC 6761), which nobody can
// receive replies on, and the placeholders the demo used to ship, which someone else may own.
import { z } from 'zod';

const RESERVED = /(^|\.)(example|invalid|test|localhost|local)$|(^|\.)example\.(com|net|org)$/;
const PLACEHOLDERS = new Set(['fidis.com.br', 'exemplo.com.br']);

/** The address inside `Name <address>`, or the whole value. */
const addressOf = (from: string) => /<([^>]*)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();

export function mailDomainProblem(from: string): string | null {
  const address = addressOf(from);
  if (!z.email().safeParse(address).success)
    return 'não é um endereço de e-mail (ex.: fidis <nao-responda@sua-empresa.com.br>)';
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (RESERVED.test(domain)) return `o domínio ${domain} é reservado para exemplos; use um domínio da empresa`;
  if (PLACEHOLDERS.has(domain)) return `o domínio ${domain} é um exemplo de demonstração; use um domínio da empresa`;
  return null;
}
