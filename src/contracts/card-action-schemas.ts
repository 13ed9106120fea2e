// The card screens that change something: each action's body, its confirmation, and the CEP lookup the address uses.
import { z } from 'zod';
import { BLOCK_REASONS, GENDERS, SECOND_COPY_REASONS } from './constants.ts';
import { digits, email, last4, lineText, nameText, requiredLineText } from './fields.ts';

export const cardBlockBody = z.object({
  descriptionOccurrence: lineText(200),
  last4digits: last4,
  blockingReason: z.enum(BLOCK_REASONS),
});

export const accountBlockBody = z.object({ last4Digits: last4 });

export const last4Body = z.object({ last4digits: last4 });

export const activationBody = z.object({ last4digits: last4, action: z.literal('A') });

export const limitChangeBody = z.object({
  availableLimit: z.number().positive().max(9_999_999_999_999),
  changeLimit: z.literal('S'),
  last4digits: last4,
});

export const secondCopyBody = z.object({
  last4digits: last4,
  reasonReissueCard: z.enum(SECOND_COPY_REASONS),
  embossName: nameText(26),
  deficiencyVisualdescription: lineText(40),
  line4Emboss: lineText(26),
});

export const passwordResetBody = z.object({ last4digits: last4, userId: digits(9, 9) });

export const holderUpdateBody = z.object({
  last4digits: last4,
  motherName: nameText(30),
  name: nameText(40),
  birthDate: digits(8, 8),
  email,
  phoneNumber: digits(8, 10),
  dddPhone: digits(2, 3),
  cellPhoneNumber: digits(8, 10),
  dddCellPhone: digits(2, 3),
  gender: z.enum(GENDERS),
});

export const addressUpdateBody = z.object({
  addressHome: requiredLineText(40),
  addressHomeNumber: requiredLineText(6),
  addressHomeComplement: lineText(25),
  district: requiredLineText(15),
  city: requiredLineText(30),
  state: nameText(3),
  zipCode: digits(8, 8),
});

export const occurrenceBody = z.object({
  last4digits: last4,
  modalityType: z.literal('ISSUE_CARD_2_WAY'),
  openingText: lineText(500),
});

/** The 200 answer of every card action (a short pt-BR confirmation; screens show the spec's own texts). */
export const messageResponse = z.object({ message: z.string() });

export type MessageResponse = z.infer<typeof messageResponse>;

/** The CEP lookup answer: ViaCEP's own field names (cep is 8 digits). */
export const cepResponse = z.object({
  cep: z.string(),
  logradouro: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});

export type CepResponse = z.infer<typeof cepResponse>;
