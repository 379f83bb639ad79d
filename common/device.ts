/**
 * Mobile devices are flagged by their user agent (spec section 9). Phones and tablets
 * that announce themselves count; iPadOS in desktop mode reports a Mac and is not
 * distinguishable from the string alone.
 */
const MOBILE_USER_AGENT =
  /Android|webOS|iPhone|iPad|iPod|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|Mobile|HarmonyOS|MicroMessenger/i;

export function isMobileUserAgent(
  userAgent: string | null | undefined,
): boolean {
  if (!userAgent) return false;
  return MOBILE_USER_AGENT.test(userAgent);
}
