// Bulk changes (issue 18.2): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const bulkMessages = {} as const;
