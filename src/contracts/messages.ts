// Every user-visible pt-BR text, keyed by meaning. Values quoted by the spec are kept exactly as written,
// quirks included; the others are our own wording (see docs/decisions.md). Each area keeps its texts in its own
// module; this one puts them together under one `messages`.

import { auditMessages } from './audit-messages.ts';
import { bulkMessages } from './bulk-messages.ts';
import { cardActionMessages } from './card-action-messages.ts';
import { cardHistoryMessages } from './card-history-messages.ts';
import { cardMessages } from './card-messages.ts';
import { cardSearchMessages } from './card-search-messages.ts';
import { commonMessages } from './common-messages.ts';
import { companyMessages } from './company-messages.ts';
import { exportMessages } from './exports-messages.ts';
import { impactMessages } from './impact-messages.ts';
import { pageTitles } from './page-titles.ts';
import { platformMessages } from './platform-messages.ts';
import { profileMessages } from './profiles-messages.ts';
import { radarMessages } from './radar-messages.ts';
import { secondFactorMessages } from './second-factor-messages.ts';
import { sessionMessages } from './session-messages.ts';
import { shellMessages } from './shell-messages.ts';
import { spendMessages } from './spend-messages.ts';
import { spendingMessages } from './spending-messages.ts';
import { userMessages } from './user-messages.ts';

export const messages = {
  profiles: profileMessages,
  audit: auditMessages,
  impact: impactMessages,
  radar: radarMessages,
  spending: spendingMessages,
  cardSearch: cardSearchMessages,
  spend: spendMessages,
  pageTitles,
  exports: exportMessages,
  bulk: bulkMessages,
  secondFactor: secondFactorMessages,
  ...platformMessages,
  ...sessionMessages,
  ...shellMessages,
  ...cardMessages,
  ...cardActionMessages,
  ...cardHistoryMessages,
  ...companyMessages,
  ...userMessages,
  ...commonMessages,
} as const;
