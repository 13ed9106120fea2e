// Holder data and delivery address changes: the account row is locked with its holder card, the change and
// its card event (before and after) land in one transaction.
import { eq } from 'drizzle-orm';
import { messages } from '../../contracts/messages.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema.ts';
import { fail } from '../errors.ts';
import type { CardScope } from '../http/scope/types.ts';
import { type ChangeAt, changeCard } from './card-controls.ts';
import type { AccountRow } from './cards.ts';

/** DDMMYYYY → YYYY-MM-DD when it is a real calendar date (month lengths, leap years) from 1900 to today. */
export function birthDateFrom(ddmmyyyy: string, today: Date): string | null {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(ddmmyyyy);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900 || date.getTime() > today.getTime()) return null;
  return `${yyyy}-${mm}-${dd}`;
}

const holderFields = (a: AccountRow) => ({
  name: a.holderName,
  motherName: a.motherName,
  birthDate: a.birthDate,
  email: a.email,
  dddPhone: a.phoneDdd,
  phoneNumber: a.phoneNumber,
  dddCellPhone: a.cellDdd,
  cellPhoneNumber: a.cellPhone,
  gender: a.gender,
});

export interface HolderChange {
  last4digits: string;
  name: string;
  motherName: string;
  birthDate: string;
  email: string;
  dddPhone: string;
  phoneNumber: string;
  dddCellPhone: string;
  cellPhoneNumber: string;
  gender: 'M' | 'F' | 'O';
}

export function updateHolder(db: Db, scope: CardScope, actor: ChangeAt, body: HolderChange) {
  const birthDate = birthDateFrom(body.birthDate, actor.at);
  if (!birthDate) fail('INVALID_INPUT', messages.cardApi.invalidBirthDate);
  return changeCard(db, scope, actor, 'HOLDER_UPDATE', async (tx, { account }) => {
    const next = {
      holderName: body.name,
      motherName: body.motherName,
      birthDate,
      email: body.email,
      phoneDdd: body.dddPhone,
      phoneNumber: body.phoneNumber,
      cellDdd: body.dddCellPhone,
      cellPhone: body.cellPhoneNumber,
      gender: body.gender,
    };
    await tx
      .update(accounts)
      .set({ ...next, updatedAt: actor.at })
      .where(eq(accounts.id, account.id));
    return {
      before: holderFields(account),
      after: holderFields({ ...account, ...next }),
      result: messages.cardApi.holderUpdated,
    };
  });
}

const addressFields = (a: AccountRow) => ({
  zipCode: a.zipCode,
  address: a.address,
  addressNumber: a.addressNumber,
  addressComplement: a.addressComplement,
  district: a.district,
  city: a.city,
  state: a.state,
});

export interface AddressChange {
  addressHome: string;
  addressHomeNumber: string;
  addressHomeComplement: string;
  district: string;
  city: string;
  state: string;
  zipCode: string;
}

/** The address call names no card: its event is recorded on the holder card. */
export function updateAddress(db: Db, scope: CardScope, actor: ChangeAt, body: AddressChange) {
  return changeCard(db, scope, actor, 'ADDRESS_UPDATE', async (tx, { account }) => {
    const next = {
      zipCode: body.zipCode,
      address: body.addressHome,
      addressNumber: body.addressHomeNumber,
      addressComplement: body.addressHomeComplement === '' ? null : body.addressHomeComplement,
      district: body.district,
      city: body.city,
      state: body.state.toUpperCase(),
    };
    await tx
      .update(accounts)
      .set({ ...next, updatedAt: actor.at })
      .where(eq(accounts.id, account.id));
    return {
      before: addressFields(account),
      after: addressFields({ ...account, ...next }),
      result: messages.cardApi.addressUpdated,
    };
  });
}
