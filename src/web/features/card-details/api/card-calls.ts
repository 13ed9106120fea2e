// The card actions' provider calls (spec section 7, card endpoints), one function each. The bodies are the
// contract's (contracts/contract.ts); what a screen does not choose is filled in here.
import type { RequestOf } from '../../../../contracts/contract.ts';
import { api } from '../../../api/index.ts';
import type { AddressBody, HolderBody } from '../lib/holder-wire.ts';

export const blockCard = (uuid: string, body: RequestOf<'blockCard'>['body']) =>
  api.blockCard({ params: { uuid }, body });

export const activateCard = (uuid: string, last4digits: string) =>
  api.activateCard({ params: { uuid }, body: { last4digits, action: 'A' } });

export const requestSecondCopy = (uuid: string, body: RequestOf<'secondCopy'>['body']) =>
  api.secondCopy({ params: { uuid }, body });

export const unlockPassword = (uuid: string, body: RequestOf<'passwordReset'>['body']) =>
  api.passwordReset({ params: { uuid }, body });

/** Cancel: the account block (PUT /v1/account/block), which the provider turns into CANCELADA with reason O. */
export const cancelAccount = (uuid: string, last4Digits: string) =>
  api.blockAccount({ params: { uuid }, body: { last4Digits } });

export const changeLimit = (uuid: string, body: Omit<RequestOf<'changeLimit'>['body'], 'changeLimit'>) =>
  api.changeLimit({ params: { uuid }, body: { ...body, changeLimit: 'S' } });

export const updateHolder = (uuid: string, body: HolderBody) => api.holderUpdate({ params: { uuid }, body });

export const updateAddress = (uuid: string, body: AddressBody) => api.addressUpdate({ params: { uuid }, body });
