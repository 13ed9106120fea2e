// Spending controls (issue 30, decision 132): a card's controls (read, set, back to the company's default, the
// 30-day preview), the company's default, and the demo's purchase simulation down the network's authorization path.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { centsOf } from '../../contracts/money.ts';
import type { ProviderContext } from '../context.ts';
import { fail } from '../errors.ts';
import { handle } from '../http/handle.ts';
import { originOf } from '../services/security-events.ts';
import { authorizeNetworkPurchase } from '../services/spending/authorize.ts';
import { companyControlsImpact } from '../services/spending/company-impact.ts';
import {
  changeCardControls,
  changeCompanyControls,
  readCardControls,
  readCompanyControls,
} from '../services/spending/controls.ts';
import { controlsImpact } from '../services/spending/impact.ts';
import { refuseChangeOfPermanent } from '../services/spending/refusals.ts';

export interface SpendingOptions extends ProviderContext {
  /** The purchase simulation exists only in the demo (FIDIS_MODE=demo). */
  demo: boolean;
}

export async function spendingRoutes(app: FastifyInstance, ctx: SpendingOptions) {
  handle(app, 'cardControls', async ({ scope }) => readCardControls(ctx.db, scope));

  handle(
    app,
    'changeCardControls',
    async ({ body, scope, request }) =>
      changeCardControls(ctx.db, scope, { at: ctx.clock(), address: request.ip }, body.controls),
    { refuse: ({ scope }) => refuseChangeOfPermanent(scope) },
  );

  handle(app, 'cardControlsImpact', async ({ body, scope }) => {
    // Without controls of its own the card follows the company's default: the preview of that is the default's.
    const controls = body.controls ?? (await readCardControls(ctx.db, scope)).companyDefault;
    if (!controls) return { approved: 0, wouldDecline: 0, byControl: [] };
    return controlsImpact(ctx.db, scope, controls, ctx.clock());
  });

  handle(app, 'companyControls', async ({ scope }) => readCompanyControls(ctx.db, scope));

  handle(app, 'companyControlsImpact', async ({ body, scope }) =>
    companyControlsImpact(ctx.db, scope, body.controls, ctx.clock()),
  );

  handle(app, 'changeCompanyControls', async ({ body, scope, request }) =>
    changeCompanyControls(ctx.db, scope, body.controls, ctx.clock(), originOf(request)),
  );

  handle(app, 'simulatePurchase', async ({ body, scope }) => {
    if (!ctx.demo) fail('NOT_IN_DEMO');
    return authorizeNetworkPurchase(ctx.db, {
      requestId: `simulacao-${randomUUID()}`,
      cardId: scope.card.id,
      valueCents: centsOf(body.amount),
      merchantName: body.merchantName,
      mcc: body.mcc,
      merchantCountry: body.merchantCountry,
      channel: body.channel,
      at: ctx.clock(),
    });
  });
}
