/**
 * Largest batch the tracker sends and the server takes. No zod here: the tracker loads
 * on every public page, and zod would add ~26 KB gzip to the JS read before it is
 * interactive (issue 14's budget is 110 KB).
 */
export const MAX_BEHAVIOR_EVENTS = 50;
export const MAX_BEHAVIOR_BYTES = 16 * 1024;
