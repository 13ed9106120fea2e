// Spending controls (issue 30): where and how a card may spend, per card or as the company's default, and the rule
// that judges a purchase against them. One rule for every tier: the provider's authorization path decides with it,
// the impact preview replays the last 30 days through it, the screens explain its codes.
import { z } from 'zod';
import { groupOfMcc, MCC_GROUP_KEYS, MCC_GROUPS } from './mcc-groups.ts';
import { formatCents } from './money.ts';
import { spendingMessages as m } from './spending-messages.ts';

export { groupOfMcc, MCC_GROUP_KEYS, MCC_GROUPS, type MccGroup } from './mcc-groups.ts';

export const PURCHASE_CHANNELS = ['PRESENCIAL', 'ONLINE', 'APROXIMACAO', 'SAQUE'] as const;
export type PurchaseChannel = (typeof PURCHASE_CHANNELS)[number];

const amount = z
  .number()
  .positive(m.notPositive)
  .max(9_999_999_999_999)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.notPositive)
  .nullable();

export const spendingControls = z.object({
  blockedGroups: z
    .array(z.enum(MCC_GROUP_KEYS, m.unknownGroup))
    .max(MCC_GROUP_KEYS.length)
    // One order, so an unchanged set never reads as a change in the trail.
    .transform((groups) => MCC_GROUP_KEYS.filter((g) => groups.includes(g))),
  international: z.boolean(),
  online: z.boolean(),
  cashWithdrawal: z.boolean(),
  maxPerPurchase: amount,
  dailyLimit: amount,
  monthlyLimit: amount,
});
export type SpendingControls = z.infer<typeof spendingControls>;

/** What a card without controls of its own, in a company without defaults, may do: everything its limit allows. */
export const OPEN_CONTROLS: SpendingControls = {
  blockedGroups: [],
  international: true,
  online: true,
  cashWithdrawal: true,
  maxPerPurchase: null,
  dailyLimit: null,
  monthlyLimit: null,
};

/** A card's controls as the screens read them: whose they are, and the company's default beside them. */
export const cardControlsResponse = z.object({
  source: z.enum(['card', 'company', 'none']),
  controls: spendingControls,
  companyDefault: spendingControls.nullable(),
});
/** `controls: null` puts the card back on the company's default. */
export const cardControlsBody = z.object({
  last4digits: z.string().regex(/^\d{4}$/),
  controls: spendingControls.nullable(),
});
export const companyControlsResponse = z.object({ controls: spendingControls.nullable() });
export const companyControlsBody = z.object({ controls: spendingControls.nullable() });

/** The controls' declines in judgeControls's order: the order a preview lists them in. */
export const CONTROL_DECLINES = [
  'GROUP_BLOCKED',
  'INTERNATIONAL_BLOCKED',
  'ONLINE_BLOCKED',
  'CASH_BLOCKED',
  'OVER_PER_PURCHASE',
  'OVER_DAILY',
  'OVER_MONTHLY',
] as const;
export type ControlDecline = (typeof CONTROL_DECLINES)[number];
/**
 * Why the network's authorization path declined, in the order it judges (issue 30): the card, the holder's limit,
 * each control, then a virtual card's own limit. Built from the controls' list, so the two cannot drift apart.
 */
export const DECLINE_CODES = ['CARD_UNUSABLE', 'INSUFFICIENT_LIMIT', ...CONTROL_DECLINES, 'VIRTUAL_LIMIT'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

/**
 * What controls would have done to the last 30 days: the approved purchases replayed, how many they would decline,
 * and by which control (the first each purchase breaks; controls that decline none are left out).
 */
export const controlsImpactResponse = z.object({
  approved: z.number().int(),
  wouldDecline: z.number().int(),
  byControl: z.array(z.object({ code: z.enum(CONTROL_DECLINES), count: z.number().int() })),
});
export type ControlsImpact = z.infer<typeof controlsImpactResponse>;
/** The company's preview: the same figures over every card that follows the default, and how many cards those are. */
export const companyControlsImpactResponse = controlsImpactResponse.extend({ cards: z.number().int() });
export type CompanyControlsImpact = z.infer<typeof companyControlsImpactResponse>;
/** A decline a spending control made: the screens name the control and offer to change it. */
export const isControlDecline = (code: string | null | undefined): code is ControlDecline =>
  (CONTROL_DECLINES as readonly string[]).includes(code ?? '');

export interface PurchaseFacts {
  valueCents: number;
  mcc: number;
  /** ISO 3166-1 alpha-2. */
  country: string;
  channel: PurchaseChannel;
}

/** What the card spent (approved, not reversed) today and this month before this purchase, in centavos. */
export interface SpentSoFar {
  dayCents: number;
  monthCents: number;
}

const cents = (reais: number | null) => (reais === null ? null : Math.round(reais * 100));

/**
 * The controls' verdict on one purchase: null when they allow it, else the first control it breaks, in a fixed
 * order (what the purchase is, where, how, then how much), so the explainer names one thing to change.
 */
export function judgeControls(controls: SpendingControls, p: PurchaseFacts, spent: SpentSoFar): ControlDecline | null {
  const group = groupOfMcc(p.mcc);
  if (controls.blockedGroups.includes(group)) return 'GROUP_BLOCKED';
  if (!controls.international && p.country !== 'BR') return 'INTERNATIONAL_BLOCKED';
  if (!controls.online && p.channel === 'ONLINE') return 'ONLINE_BLOCKED';
  if (!controls.cashWithdrawal && (p.channel === 'SAQUE' || group === 'saques')) return 'CASH_BLOCKED';
  const perPurchase = cents(controls.maxPerPurchase);
  if (perPurchase !== null && p.valueCents > perPurchase) return 'OVER_PER_PURCHASE';
  const daily = cents(controls.dailyLimit);
  if (daily !== null && spent.dayCents + p.valueCents > daily) return 'OVER_DAILY';
  const monthly = cents(controls.monthlyLimit);
  if (monthly !== null && spent.monthCents + p.valueCents > monthly) return 'OVER_MONTHLY';
  return null;
}

/** The decline's words, naming the control and its value. */
export function declineText(code: DeclineCode, controls: SpendingControls | null, mcc: number | null): string {
  const d = m.declines;
  const money = (reais: number | null) => formatCents(cents(reais) ?? 0);
  switch (code) {
    case 'GROUP_BLOCKED':
      return d.GROUP_BLOCKED(MCC_GROUPS[groupOfMcc(mcc ?? 0)].label);
    case 'OVER_PER_PURCHASE':
      return d.OVER_PER_PURCHASE(money(controls?.maxPerPurchase ?? null));
    case 'OVER_DAILY':
      return d.OVER_DAILY(money(controls?.dailyLimit ?? null));
    case 'OVER_MONTHLY':
      return d.OVER_MONTHLY(money(controls?.monthlyLimit ?? null));
    default:
      return d[code];
  }
}

/**
 * The controls as the audit trail records them: pt-BR names and values (a label per field in audit-messages), so
 * the trail reads "Jogos e apostas" and "R$ 200,00", never keys or JSON.
 */
export function controlsRecord(source: 'card' | 'company' | 'none', c: SpendingControls) {
  const money = (reais: number | null) => (reais === null ? 'sem limite' : formatCents(Math.round(reais * 100)));
  const allowed = (on: boolean) => (on ? 'permitidas' : 'bloqueadas');
  return {
    origem: source === 'card' ? 'do cartão' : source === 'company' ? 'padrão da empresa' : 'nenhum',
    categoriasBloqueadas: c.blockedGroups.map((g) => MCC_GROUPS[g].label).join(', ') || 'nenhuma',
    compraInternacional: allowed(c.international),
    compraOnline: allowed(c.online),
    saque: c.cashWithdrawal ? 'permitidos' : 'bloqueados',
    maximoPorCompra: money(c.maxPerPurchase),
    maximoPorDia: money(c.dailyLimit),
    maximoPorMes: money(c.monthlyLimit),
  };
}
