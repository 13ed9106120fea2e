/**
 * How many flash notifications show at once. Both the store (before the stack is loaded) and the lazily loaded stack
 * apply it, so it lives apart from either: the stack importing it from the module that lazy-loads the stack was an
 * import cycle.
 */
export const NOTIFICATION_LIMIT = 4;
