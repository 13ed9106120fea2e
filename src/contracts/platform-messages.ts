// The process and its edges: what start-up, the operator commands and the BFF's proxy say (pt-BR, keyed by meaning).

import { auditChainMessages } from './audit-chain-messages.ts';

export const platformMessages = {
  startup: {
    missingKey: 'Invalid key for encryption (E00001)',
    failure: 'Estamos passando por algumas instabilidades no momento, por favor tente acessar o fidis mais tarde.',
  },
  /** The operator commands (npm run admin:create, npm run companies:import): what the terminal shows. */
  admin: {
    createUsage:
      'Uso: npm run admin:create -- --company CNPJ --login LOGIN --email EMAIL [--name NOME] [--document CPF]',
    importUsage: 'Uso: npm run companies:import -- arquivo.csv|arquivo.json',
    /** `npm run audit:verify` (decision 125). */
    audit: auditChainMessages,
    badArguments: 'Argumentos inválidos:',
    unknownCompany: 'Nenhuma empresa cadastrada com este CNPJ; importe-a antes com npm run companies:import.',
    adminCreated: 'Administrador criado; a senha temporária foi enviada para',
    fileUnreadable: 'Não foi possível ler o arquivo:',
    fileRefused: 'Arquivo recusado, nada foi gravado:',
    fileEmpty: 'O arquivo não tem nenhuma empresa.',
    duplicateCnpj: 'CNPJ repetido no arquivo',
    cnpjInvalid: 'CNPJ inválido (dígitos verificadores)',
    imported: 'Empresas importadas',
  },
  proxy: {
    notAllowed: 'Requisição não permitida.',
    invalidEnvelope: 'Não foi possível validar a requisição.',
    replayed: 'Requisição repetida recusada.',
    unauthorized: 'Dispositivo não autorizado.',
    tooLarge: 'Requisição grande demais.',
    upstream: 'Serviço indisponível no momento. Tente novamente em instantes.',
    /** The browser stopped waiting (issue 27): no answer within the request's time limit. */
    timeout: 'O serviço não respondeu em até 10 segundos. Verifique sua conexão e tente novamente.',
    tooMany: 'Muitas requisições. Aguarde um instante e tente novamente.',
    staleRequest: 'Requisição expirada. Verifique o relógio do dispositivo e tente novamente.',
    invalidDevice: 'Registro de dispositivo inválido.',
    busy: 'Serviço ocupado no momento. Tente novamente em instantes.',
    metricsToken: 'Token de métricas ausente ou inválido.',
    unsealed: 'A resposta do servidor não veio protegida para esta sessão e foi recusada. Tente novamente.',
  },
} as const;
