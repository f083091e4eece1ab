/**
 * Who is asking, for per-address limits and for cookies' Secure flag (issue 11, finding 10). Behind
 * TRUST_PROXY every trusted proxy appends the address it saw to X-Forwarded-For, so the entry
 * TRUST_PROXY_HOPS from the right is the address our outermost proxy saw; anything left of it came
 * from the client and may be anything (a rotating value must not reset a per-address limit).
 */
import type { IncomingMessage } from 'node:http';

export interface ProxyTrust {
  trustProxy: boolean;
  /** How many trusted proxies stand in front of us, each appending to X-Forwarded-For. */
  proxyHops: number;
}

function entries(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * The client address: with trusted proxies the X-Forwarded-For entry `proxyHops` from the right; when
 * the header has fewer entries the request did not pass all our proxies, and the socket's address
 * counts (so a client cannot choose its own address).
 */
export function clientAddress(
  trust: ProxyTrust,
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
): string {
  if (trust.trustProxy) {
    const list = entries(forwardedFor);
    const seen = list.length >= trust.proxyHops ? list[list.length - trust.proxyHops] : undefined;
    if (seen) return seen;
  }
  return socketAddress ?? 'unknown';
}

/** A forwarded header that our proxy sets (Proto, Host): its last value is the proxy's. */
export function lastForwarded(value: string | undefined): string | undefined {
  return entries(value).at(-1);
}

/** Did the browser reach us over TLS: directly, or (TRUST_PROXY) as the proxy says. */
export function isSecureConnection(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as { encrypted?: boolean } | undefined)?.encrypted) return true;
  if (!trustProxy) return false;
  const proto = req.headers['x-forwarded-proto'];
  return lastForwarded(Array.isArray(proto) ? proto.join(',') : proto) === 'https';
}
