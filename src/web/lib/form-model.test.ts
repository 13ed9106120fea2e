import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FormModel, firstOf, formErrors } from './form-model.ts';

const wire = z
  .object({
    nome: z.string().trim().min(1).max(5),
    ddd: z.string().regex(/^\d{2}$/),
    idade: z.number().int().max(120),
    codigo: z.string().length(4, 'o código tem 4 dígitos'),
    interno: z.string().min(1),
  })
  .superRefine((w, ctx) => {
    if (w.nome === 'Ana') ctx.addIssue({ code: 'custom', path: ['nome'], message: 'nome reservado' });
  });

interface Form {
  name: string;
  ddd: string;
  age: string;
  code: string;
}

const model: FormModel<Form, keyof Form, typeof wire> = {
  schema: wire,
  toWire: (f) => ({
    nome: f.name,
    ddd: f.ddd.replace(/\D/g, ''),
    idade: f.age === '' ? Number.NaN : Number(f.age),
    codigo: f.code,
    interno: '',
  }),
  fields: {
    nome: { field: 'name', messages: { blank: 'obrigatório', too_big: 'longo demais', custom: 'reservado' } },
    ddd: { field: 'ddd', messages: { blank: 'obrigatório', other: 'DDD inválido' } },
    idade: { field: 'age', messages: { blank: 'obrigatório', too_big: 'idade demais' } },
    codigo: { field: 'code', messages: { other: (issue) => issue.message } },
  },
};

const valid: Form = { name: 'Bia', ddd: '11', age: '30', code: '1234' };

describe('formErrors', () => {
  it('answers nothing for a form whose mapped fields the schema takes; an unmapped wire field is not the form’s', () => {
    expect(formErrors(model, valid)).toEqual({});
  });

  it('says "blank" for a field left empty that the schema refuses, whatever the issue code', () => {
    expect(formErrors(model, { ...valid, name: '  ', ddd: '', age: '' })).toEqual({
      name: 'obrigatório',
      ddd: 'obrigatório',
      age: 'obrigatório',
    });
  });

  it('maps a filled field by its issue code, "other" for the rest, or the schema’s own words', () => {
    expect(formErrors(model, { ...valid, name: 'Bianca', ddd: '1', age: '130', code: '12' })).toEqual({
      name: 'longo demais',
      ddd: 'DDD inválido',
      age: 'idade demais',
      code: 'o código tem 4 dígitos',
    });
    expect(formErrors(model, { ...valid, name: 'Ana' })).toEqual({ name: 'reservado' });
  });

  it('leaves a field whose issue has no words to the provider', () => {
    expect(formErrors(model, { ...valid, age: '30.5' })).toEqual({});
  });

  it('adds the form’s own rules under the schema’s messages', () => {
    const withRules: typeof model = {
      ...model,
      formRules: (f) => ({ ddd: f.ddd === '00' ? 'DDD zero' : undefined, code: 'nunca visto' }),
    };
    expect(formErrors(withRules, { ...valid, ddd: '00', code: '1' })).toEqual({
      ddd: 'DDD zero',
      code: 'o código tem 4 dígitos',
    });
  });

  it('takes the model’s own idea of blank', () => {
    const spaces: typeof model = { ...model, isBlank: (value) => value === '' };
    expect(formErrors(spaces, { ...valid, ddd: '  ' })).toEqual({ ddd: 'DDD inválido' });
  });
});

describe('firstOf', () => {
  it('picks the message that comes first in the given order, then any, then none', () => {
    expect(firstOf({ name: 'b', ddd: 'a' }, ['a', 'b'])).toBe('a');
    expect(firstOf({ name: 'c' }, ['a', 'b'])).toBe('c');
    expect(firstOf({}, ['a'])).toBeNull();
  });
});
