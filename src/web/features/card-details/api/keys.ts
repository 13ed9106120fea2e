/** Every query of one card shares this prefix, so an action refreshes all of them at once. */
export const cardKey = (uuid: string) => ['card', uuid] as const;
