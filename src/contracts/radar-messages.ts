// Lifecycle radar (issue 18.5): the pt-BR texts of the feature. No zod here: messages load with the first screen.

export const radarMessages = {} as const;
