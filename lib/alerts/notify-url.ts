import { isIP } from 'node:net';
import { apiError } from '@/lib/api/errors';
import { isPublicAddress } from '@/lib/runtime/network-policy';

/**
 * Whether notifications may go to private and loopback addresses over plain http (`TICKWORK_NOTIFY_PRIVATE=allow`:
 * tests and self-hosted setups next to their receivers). Without it, channel URLs are https and public only.
 */
export const notifyPrivateAllowed = () => process.env.TICKWORK_NOTIFY_PRIVATE === 'allow';

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/i;

/**
 * Checks a channel URL when it is saved: an absolute http(s) URL without credentials; https only, and not a
 * literal private or local address, unless private notifications are allowed. The sender checks the address
 * it connects to again (a name may resolve to a private address later).
 */
export function checkChannelUrl(raw: string, field = 'url'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw apiError('invalid_request', `${field} is not a valid URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw apiError('invalid_request', `${field} must be an https URL`);
  if (url.username || url.password)
    throw apiError('invalid_request', `${field} must not carry a user name or password`);
  if (notifyPrivateAllowed()) return url;
  if (url.protocol !== 'https:') throw apiError('invalid_request', `${field} must be an https URL`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if ((isIP(host) && !isPublicAddress(host)) || LOCAL_NAMES.test(host))
    throw apiError('invalid_request', `${field} points to a private or local address`);
  return url;
}
