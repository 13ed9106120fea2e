// Card requests (issue 5): the proposal's body, with the address rule of spec section 5, and its answers.
import { z } from 'zod';
import { GENDERS } from './constants.ts';
import { digits, email, lineText, nameText, requiredText, uuid } from './fields.ts';
import { messages } from './messages.ts';
import { isValidDueDay, isValidIsoDate, isValidPersonName, isValidProposalCpf } from './proposal-rules.ts';

export const proposalBody = z
  .object({
    uuid,
    org: z.literal('090'),
    logo: z.union([z.literal(1), z.literal(2)]),
    clientName: requiredText(40).refine(isValidPersonName, messages.proposal.invalidName),
    birthDate: z.string().refine(isValidIsoDate, messages.proposal.invalidBirthDate),
    maritalStatus: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(5), z.literal(6)]),
    gender: z.enum(GENDERS),
    documentNumber: digits(11, 11).refine(isValidProposalCpf, messages.proposal.invalidCpf),
    motherName: requiredText(30).refine(isValidPersonName, messages.proposal.invalidMotherName),
    email,
    embossName: nameText(26),
    addressHome: lineText(40),
    addressHomeNumber: lineText(6),
    addressHomecomplement: lineText(25),
    district: lineText(15),
    cityHome: lineText(30),
    cityHomeCode: lineText(3),
    zipCode: z.union([digits(8, 8), z.literal('')]),
    addressWork: lineText(40),
    addressNumberWork: lineText(6),
    addressWorkComplement: lineText(25),
    districtWork: lineText(15),
    cityWork: lineText(30),
    cityCodeWork: lineText(3),
    zipCodeWork: z.union([digits(8, 8), z.literal('')]),
    dddHome: z.union([digits(2, 3), z.literal('')]),
    phoneNumberHome: z.union([digits(8, 10), z.literal('')]),
    dddCellPhone: digits(2, 3),
    cellPhone: digits(8, 10),
    pctCode: z.number().int().positive(),
    annuityCode: z.number().int().positive(),
    discountCode: z.number().int().positive(),
    rateCollectionType: lineText(10),
    rateDiscountPercentage: z.number().min(0).max(100),
    rmcValue: z.number().min(0),
    registrationNumber: lineText(20),
    contractNumber: lineText(20),
    relationCode: requiredText(20),
    mainAccount: z.enum(['S', 'N']),
    creditLimit: z.number().positive().max(9_999_999_999_999),
    typeAddress: z.enum(['R', 'C']),
    dayDue: z.number().refine(isValidDueDay, messages.proposal.invalidDueDay),
    valueIncome: z.string().regex(/^\d{1,13}\.\d{2}$/),
  })
  // The address group of the chosen type is required (spec section 5); the complement stays optional.
  .superRefine((p, ctx) => {
    const home = [p.addressHome, p.addressHomeNumber, p.district, p.cityHome, p.cityHomeCode, p.zipCode];
    const work = [p.addressWork, p.addressNumberWork, p.districtWork, p.cityWork, p.cityCodeWork, p.zipCodeWork];
    const group = p.typeAddress === 'R' ? home : work;
    if (group.some((v) => v === '')) {
      ctx.addIssue({
        code: 'custom',
        path: [p.typeAddress === 'R' ? 'addressHome' : 'addressWork'],
        message: p.typeAddress === 'R' ? messages.proposal.homeAddressRequired : messages.proposal.workAddressRequired,
      });
    }
  });

export type ProposalBody = z.infer<typeof proposalBody>;

export const proposalResponse = z.object({
  message: z.string(),
  proposalId: z.string(),
  uuid: z.string(),
  account: z.string(),
  last4digits: z.string(),
});

/** A proposal refusal: code '38' (no limit) or '6' (CPF not allowed), with the numeric errorCode as well. */
export const proposalRefusal = z.object({ message: z.string(), code: z.string(), errorCode: z.number().optional() });

export type ProposalResponse = z.infer<typeof proposalResponse>;
