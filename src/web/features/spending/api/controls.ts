// The spending controls' calls (issue 30): the card's controls, their 30-day preview, the change, and the demo's
// purchase simulation. Every change refreshes the card's queries (its history shows what a simulation recorded).
import { useQuery } from '@tanstack/react-query';
import type { RequestOf } from '../../../../contracts/contract.ts';
import type { SpendingControls } from '../../../../contracts/spending-controls.ts';
import { api } from '../../../api/index.ts';
import { cardKey } from '../../card-details/api/keys.ts';

export const controlsKey = (uuid: string) => [...cardKey(uuid), 'controls'] as const;

export const useCardControls = (uuid: string, last4: string) =>
  useQuery({
    queryKey: [...controlsKey(uuid), last4],
    queryFn: () => api.cardControls({ params: { uuid }, headers: { last4digits: last4 } }),
    meta: { silent: true },
  });

export const previewControls = (uuid: string, last4: string, controls: SpendingControls | null) =>
  api.cardControlsImpact({ params: { uuid }, body: { last4digits: last4, controls } });

export const saveControls = (uuid: string, last4: string, controls: SpendingControls | null) =>
  api.changeCardControls({ params: { uuid }, body: { last4digits: last4, controls } });

export type SimulatedPurchase = Omit<RequestOf<'simulatePurchase'>['body'], 'last4digits'>;

export const simulatePurchase = (uuid: string, last4: string, purchase: SimulatedPurchase) =>
  api.simulatePurchase({ params: { uuid }, body: { last4digits: last4, ...purchase } });

// Virtual cards (issue 30).
export const virtualKey = (uuid: string) => [...cardKey(uuid), 'virtual'] as const;

export const useVirtualCards = (uuid: string, last4: string) =>
  useQuery({
    queryKey: [...virtualKey(uuid), last4],
    queryFn: () => api.virtualCards({ params: { uuid }, headers: { last4digits: last4 } }),
    meta: { silent: true },
  });

export type VirtualIssue = Omit<RequestOf<'issueVirtualCard'>['body'], 'last4digits'>;

export const issueVirtual = (uuid: string, last4: string, body: VirtualIssue) =>
  api.issueVirtualCard({ params: { uuid }, body: { last4digits: last4, ...body } });

export const cancelVirtual = (uuid: string, last4: string, virtualCardId: string) =>
  api.cancelVirtualCard({ params: { uuid }, body: { last4digits: last4, virtualCardId } });

export const revealVirtual = (uuid: string, last4: string, virtualCardId: string) =>
  api.revealVirtualCard({ params: { uuid }, body: { last4digits: last4, virtualCardId } });
