// What a refusal's reason must be: a text of the message catalogue, or the provider's field refusal
// (`Campo inválido "x": …` in Portuguese). Shared by the security suites that judge refusals.
import { messages } from '../contracts/index.ts';

const catalogued = new Set<string>();
/** Messages built from values (`limitAboveRelationship(most)`): matched with any text where each value goes. */
const templates: RegExp[] = [];
const SLOT = '\u0000slot\u0000';
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
(function collect(node: unknown) {
  if (typeof node === 'string') catalogued.add(node);
  else if (typeof node === 'function') {
    try {
      const text = String(node(...Array.from({ length: node.length }, () => SLOT)));
      templates.push(new RegExp(`^${text.split(SLOT).map(literal).join('.+')}$`, 's'));
    } catch {
      // A template that needs numbers or objects is not matched; its refusals fail the suites until handled here.
    }
  } else if (node && typeof node === 'object') for (const v of Object.values(node)) collect(v);
})(messages);

export function isPortugueseReason(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  return (
    catalogued.has(message) ||
    message.startsWith(`${messages.generic.invalidField} "`) ||
    templates.some((t) => t.test(message))
  );
}
