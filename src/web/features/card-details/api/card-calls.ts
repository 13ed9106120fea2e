// The card actions' provider calls (spec section 7, card endpoints), one function each.
import type { BlockReason } from '../../../../contracts/index.ts';
import { callApi } from '../../../lib/transport/index.ts';
import type { AddressBody, HolderBody } from '../lib/holder-wire.ts';

export const blockCard = (
  uuid: string,
  body: { last4digits: string; blockingReason: BlockReason; descriptionOccurrence: string },
) => callApi('blockCard', { params: { uuid }, body });

export const activateCard = (uuid: string, last4digits: string) =>
  callApi('activateCard', { params: { uuid }, body: { last4digits, action: 'A' } });

export const requestSecondCopy = (
  uuid: string,
  body: {
    last4digits: string;
    reasonReissueCard: 'P' | 'O';
    embossName: string;
    deficiencyVisualdescription: string;
    line4Emboss: string;
  },
) => callApi('secondCopy', { params: { uuid }, body });

export const unlockPassword = (uuid: string, body: { last4digits: string; userId: string }) =>
  callApi('passwordReset', { params: { uuid }, body });

/** Cancel: the account block (PUT /v1/account/block), which the provider turns into CANCELADA with reason O. */
export const cancelAccount = (uuid: string, last4Digits: string) =>
  callApi('blockAccount', { params: { uuid }, body: { last4Digits } });

export const changeLimit = (uuid: string, body: { availableLimit: number; last4digits: string }) =>
  callApi('changeLimit', { params: { uuid }, body: { ...body, changeLimit: 'S' } });

export const updateHolder = (uuid: string, body: HolderBody) => callApi('holderUpdate', { params: { uuid }, body });

export const updateAddress = (uuid: string, body: AddressBody) => callApi('addressUpdate', { params: { uuid }, body });
