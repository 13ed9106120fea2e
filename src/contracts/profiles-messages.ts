// Profiles (issue 16): the pt-BR texts. No zod here: messages load with the first screen.

export const profileMessages = {} as const;
