// Impact preview (issue 18.3): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const impactMessages = {} as const;
