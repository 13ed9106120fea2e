// Refusals every area shares: the generic answers and the field rules of contracts/fields.ts.

export const commonMessages = {
  generic: {
    invalidInput: 'Dados inválidos.',
    unexpected: 'Ocorreu um erro inesperado. Tente novamente.',
    unauthenticated: 'Sessão expirada. Entre novamente.',
    forbidden: 'Acesso não permitido.',
    notFound: 'Recurso não encontrado.',
    tooLarge: 'Requisição grande demais.',
    tooMany: 'Muitas tentativas. Aguarde um instante e tente novamente.',
    invalidField: 'Campo inválido',
    callerUnauthenticated: 'Chamada recusada: o provedor atende só o BFF desta implantação.',
    invalidDate: 'data inválida: use AAAA-MM-DD, de 1900 em diante',
  },
  /** An error that stays on screen (issue 27): asked again from where it is said, or closed. */
  failure: {
    retry: 'Tentar novamente',
    close: 'Fechar aviso',
  },
  /** Every money field (ui/money-input.tsx): how it is typed, and the amount read back as it is typed (issue 27). */
  money: {
    hint: 'Digite só números: os dois últimos são os centavos (3000 = R$ 30,00).',
    reading: (amount: string) => `Valor digitado: ${amount}`,
  },
  /** Every date filter (ui/date-field.tsx): typed and read as dd/mm/aaaa whatever the browser's language. */
  dateField: {
    placeholder: 'dd/mm/aaaa',
    invalid: 'Data inexistente ou incompleta: digite dd/mm/aaaa, por exemplo 05/11/2026.',
  },
  /** The field rules of contracts/fields.ts: every schema that uses a field refuses with these. */
  fields: {
    invalidCpf: 'CPF inválido',
    invalidCnpj: 'CNPJ inválido',
    last4: 'Informe os 4 últimos dígitos do cartão',
    passwordTooShort: 'A senha deve ter pelo menos 12 caracteres.',
    passwordLettersAndDigits: 'A senha deve conter letras e números.',
    invalidEmail: 'Email inválido',
    invalidCode: 'Código de confirmação inválido!',
    nameText: 'use só letras, espaços e &',
    lineText: 'não use < ou >, quebras de linha, nem = + - @ no início',
  },
} as const;
