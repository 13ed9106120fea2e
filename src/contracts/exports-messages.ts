// CSV exports (issue 18.1): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const exportMessages = {} as const;
