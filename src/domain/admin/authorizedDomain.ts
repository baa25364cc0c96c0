/**
 * Firebase's authorized-domain rule: a listed domain allows itself and its subdomains (an IP
 * address only itself). The admin login refuses to sign in from any other host.
 */
export function isAuthorizedHost(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return domains.some((domain) => {
    const d = domain.trim().toLowerCase();
    if (!d) return false;
    if (host === d) return true;
    const isIp = /^[\d.]+$/.test(d) || d.includes(":");
    return !isIp && host.endsWith(`.${d}`);
  });
}

export const unauthorizedHostMessage = (hostname: string) =>
  `Ylläpitoon ei voi kirjautua osoitteesta ${hostname}. Avaa ylläpito puiston omasta osoitteesta.`;
