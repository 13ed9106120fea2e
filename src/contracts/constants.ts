// Business constants of spec section 9, written once.

export const PRODUCT_KEY = 'fidis';
export const SYSTEM_NAME = 'fidis';
export const PROPOSAL_SYSTEM_NAME = 'spark';
export const ENVIRONMENT_NAME = 'prd';
export const SUPPLIER = 'orbitall';
export const ORG = '090';
export const RELATIONSHIP_NUMBER = '090';
/** The fixed application identifier sent as x-fid. */
export const FID = 'fidis-portal-web';

export const Environment = { prod: 'prod', sandbox: 'sandbox' } as const;
export type EnvironmentName = (typeof Environment)[keyof typeof Environment];

export const Logo = { green: 1, black: 2 } as const;
export const SEARCHABLE_LOGOS: readonly number[] = [Logo.green, Logo.black];

export const BLOCK_REASONS = ['P', 'R', 'BE', 'O'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];
export const SECOND_COPY_REASONS = ['P', 'O'] as const;

export const MARITAL_STATUS = {
  1: 'Casado(a)',
  2: 'Solteiro(a)',
  3: 'Viúvo(a)',
  5: 'Divorciado(a)',
  6: 'Outros',
} as const;
export const GENDERS = ['M', 'F', 'O'] as const;
export const ADDRESS_TYPES = ['R', 'C'] as const;
export const CURRENCY_CODES = { 986: 'R$', 840: 'US$', 978: '€' } as const;

export const PROPOSAL_DEFAULTS = {
  dayDue: 22,
  valueIncome: '0.00',
  maritalStatus: 1,
  gender: 'M',
  pctCode: 1,
  annuityCode: 1,
  discountCode: 1,
  mainAccount: 'N',
} as const;

export const USER_STATUS = ['ATIVO', 'INATIVO'] as const;
export type UserStatus = (typeof USER_STATUS)[number];

export const PAGE_SIZE = 50;
/** The card list shows page numbers up to this one, then '...'. */
export const VISIBLE_PAGE_LIMIT = 15;
export const USER_LIST_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 14;
export const PASSWORD_UNLOCK_USER_ID_LENGTH = 9;

export const FLASH_DURATION_MS = 4000;
/** One full turn of the spinner (spec section 9: spinner animation 1 second). */
export const SPINNER_TURN_MS = 1000;
export const PERSIST_RESTORE_TIMEOUT_MS = 5000;
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992 } as const;
export const DRAWER_BREAKPOINT = BREAKPOINTS.lg;

/** Random session secrets (cipherAES, tokenAES) and the request log id. */
export const RANDOM_STRING_LENGTH = 32;
export const REQUEST_LOG_ID_LENGTH = 12;
export const AES_IV_BYTES = 16;
/** The spec's 1024-bit default is below every current standard; the floor is 2048 and the default 3072. */
export const RSA_MIN_BITS = 2048;
export const RSA_DEFAULT_BITS = 3072;
/** A request id (UUIDv7) older or newer than this is refused: it bounds the replay cache. */
export const REQUEST_ID_WINDOW_MS = 5 * 60 * 1000;

export const DATE_FORMATS = {
  display: 'DD/MM/YYYY HH:mm:ss',
  holderBirthDate: 'DDMMYYYY',
  proposalBirthDate: 'YYYY-MM-DD',
  transactionDate: 'YYYYMMDD',
  typedDate: 'DD/MM/YYYY',
} as const;
