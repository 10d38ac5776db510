import { X509Certificate, type KeyObject } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import type { Clock } from '../../../platform/clock.js';
import { WebhookRejected } from './types.js';

/**
 * PayPal's webhook certificates (docs/domain.md PAY3): PayPal signs each event with the key of
 * the certificate its PAYPAL-CERT-URL header names. Marquee fetches that certificate only from
 * PayPal's own API hosts, keeps it by its address until it or the day runs out, and trusts it only
 * when its chain reaches a trusted root, every certificate of it is within its dates, and it was
 * issued to PayPal's message-verification host.
 */

/** Reads the PEM text at an address (already checked to be PayPal's). Injected in tests: they never reach the internet. */
export type CertFetcher = (url: string) => Promise<string>;

/** Reads a certificate authority's published certificate (DER or PEM) at an address already checked to be the CA's. */
export type IssuerFetcher = (url: string) => Promise<Buffer>;

export interface PayPalCertOptions {
  /** The sandbox's hosts and certificate name instead of the live ones. */
  sandbox: boolean;
  clock: Clock;
  fetch?: CertFetcher;
  /**
   * PayPal's address serves its certificate, not always the intermediate that issued it: the missing
   * link is read where the certificate says its issuer is published (Authority Information Access),
   * on a certificate authority's host only, and is trusted only if it too chains to a trusted root.
   */
  fetchIssuer?: IssuerFetcher;
  /** PEM certificates a chain may end at; Node's bundled roots by default. */
  trustedRoots?: readonly string[];
  /** How long a verified certificate is kept at most; it is never kept past its own end. */
  keepMs?: number;
}

const LIVE = { hosts: ['api.paypal.com', 'api-m.paypal.com'], name: 'messageverificationcerts.paypal.com' };
const SANDBOX = {
  hosts: ['api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'],
  name: 'messageverificationcerts.sandbox.paypal.com',
};
const CERT_PATH = '/v1/notifications/certs/';
const KEEP_MS = 24 * 60 * 60 * 1000;
/** Addresses kept at once; PayPal rotates a handful of certificates, so more means something is wrong. */
const MAX_KEPT = 16;
/** A chain longer than this is not PayPal's. */
const MAX_CHAIN = 4;
const MAX_PEM_BYTES = 64 * 1024;
/** Where PayPal's certificate authority publishes its issuing certificates. */
const ISSUER_HOSTS = ['cacerts.digicert.com'];

/** Fetches over HTTPS without following redirects, within 5 seconds and 64 KiB. */
export const fetchCertOverHttps: CertFetcher = async (url) => {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new WebhookRejected(`PayPal's certificate could not be read (${res.status}).`);
  const text = await res.text();
  if (text.length > MAX_PEM_BYTES) throw new WebhookRejected("PayPal's certificate is too large.");
  return text;
};

/** Fetches an issuer's certificate from its CA, within 5 seconds and 64 KiB. */
export const fetchIssuerOverHttp: IssuerFetcher = async (url) => {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
  if (!res.ok)
    throw new WebhookRejected(`The issuer of PayPal's certificate could not be read (${res.status}).`);
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_PEM_BYTES)
    throw new WebhookRejected("The issuer of PayPal's certificate is too large.");
  return bytes;
};

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function parseChain(pem: string): X509Certificate[] {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  try {
    return blocks.slice(0, MAX_CHAIN).map((block) => new X509Certificate(block));
  } catch {
    throw new WebhookRejected("PayPal's certificate cannot be read.");
  }
}

/** Where a certificate says its issuer is published, when that is a certificate authority's host we read from. */
function issuerAddress(cert: X509Certificate): string | null {
  const line = (cert.infoAccess ?? '').split('\n').find((l) => l.startsWith('CA Issuers - URI:'));
  if (!line) return null;
  try {
    const url = new URL(line.slice('CA Issuers - URI:'.length));
    const onCa =
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ISSUER_HOSTS.includes(url.hostname) &&
      url.port === '' &&
      url.username === '' &&
      url.search === '';
    return onCa ? url.href : null;
  } catch {
    return null;
  }
}

const within = (cert: X509Certificate, at: Date) =>
  new Date(cert.validFrom).getTime() <= at.getTime() && at.getTime() <= new Date(cert.validTo).getTime();

/** `child` was signed by `issuer`, a certificate authority. */
const issuedBy = (child: X509Certificate, issuer: X509Certificate) =>
  issuer.ca && child.checkIssued(issuer) && child.verify(issuer.publicKey);

/** The subject's common name: "CN=messageverificationcerts.paypal.com" among the subject's lines. */
const commonName = (cert: X509Certificate) =>
  cert.subject
    .split('\n')
    .find((line) => line.startsWith('CN='))
    ?.slice(3) ?? '';

interface Kept {
  key: KeyObject;
  until: number;
}

export class PayPalCertStore {
  private readonly kept = new Map<string, Kept>();
  private readonly fetching = new Map<string, Promise<Kept>>();
  /** Issuers read from their certificate authority; only used once they chain to a trusted root. */
  private readonly issuers = new Map<string, X509Certificate>();
  private readonly roots: X509Certificate[];
  private readonly expect: typeof LIVE;

  constructor(private readonly options: PayPalCertOptions) {
    this.expect = options.sandbox ? SANDBOX : LIVE;
    this.roots = (options.trustedRoots ?? rootCertificates).map((pem) => new X509Certificate(pem));
  }

  /** Refuses any address but PayPal's certificate path on PayPal's API hosts, over HTTPS. */
  checkAddress(certUrl: string): string {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      throw new WebhookRejected('The certificate address is not an address.');
    }
    const onPayPal =
      url.protocol === 'https:' &&
      this.expect.hosts.includes(url.hostname) &&
      url.port === '' &&
      url.username === '' &&
      url.password === '' &&
      url.search === '' &&
      url.pathname.startsWith(CERT_PATH) &&
      /^[A-Za-z0-9-]+$/.test(url.pathname.slice(CERT_PATH.length));
    if (!onPayPal) throw new WebhookRejected('The certificate is not on a PayPal host.');
    return url.href;
  }

  /** The public key of the verified certificate at `certUrl`, fetched once and kept. */
  async publicKey(certUrl: string): Promise<KeyObject> {
    const url = this.checkAddress(certUrl);
    const now = this.options.clock.now().getTime();
    const kept = this.kept.get(url);
    if (kept && kept.until > now) return kept.key;
    this.kept.delete(url);
    let pending = this.fetching.get(url);
    if (!pending) {
      pending = this.load(url).finally(() => this.fetching.delete(url));
      this.fetching.set(url, pending);
    }
    return (await pending).key;
  }

  private async load(url: string): Promise<Kept> {
    const chain = parseChain(await (this.options.fetch ?? fetchCertOverHttps)(url));
    const key = await this.verifyChain(chain);
    const leafEnds = new Date((chain[0] as X509Certificate).validTo).getTime();
    const now = this.options.clock.now().getTime();
    const entry = { key, until: Math.min(now + (this.options.keepMs ?? KEEP_MS), leafEnds) };
    if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(url, entry);
    return entry;
  }

  /**
   * The leaf's key once its chain holds: the leaf is PayPal's message-verification certificate, each
   * certificate is signed by the next (a certificate authority), all are within their dates now, and
   * the last is a trusted root or signed by one. A chain that stops short is completed from where its
   * last certificate says its issuer is published.
   */
  private async verifyChain(served: X509Certificate[]): Promise<KeyObject> {
    const chain = [...served];
    const [leaf] = chain;
    if (!leaf) throw new WebhookRejected('The certificate address holds no certificate.');
    if (commonName(leaf) !== this.expect.name)
      throw new WebhookRejected(`The certificate is not ${this.expect.name}'s.`);
    while (!this.anchored(chain[chain.length - 1] as X509Certificate) && chain.length < MAX_CHAIN) {
      const issuer = await this.publishedIssuer(chain[chain.length - 1] as X509Certificate);
      if (!issuer) break;
      chain.push(issuer);
    }
    const now = this.options.clock.now();
    for (const cert of chain) {
      if (!within(cert, now)) throw new WebhookRejected('The PayPal certificate is out of its dates.');
    }
    for (let i = 0; i + 1 < chain.length; i++) {
      if (!issuedBy(chain[i] as X509Certificate, chain[i + 1] as X509Certificate))
        throw new WebhookRejected('The PayPal certificate chain is broken.');
    }
    if (!this.anchored(chain[chain.length - 1] as X509Certificate))
      throw new WebhookRejected('The PayPal certificate does not chain to a trusted root.');
    return leaf.publicKey;
  }

  /** A trusted root, or signed by one that is within its dates. */
  private anchored(cert: X509Certificate): boolean {
    const now = this.options.clock.now();
    return this.roots.some(
      (root) => within(root, now) && (root.fingerprint256 === cert.fingerprint256 || issuedBy(cert, root)),
    );
  }

  /** The certificate that issued `cert`, read from its certificate authority, kept by its address. */
  private async publishedIssuer(cert: X509Certificate): Promise<X509Certificate | null> {
    const url = issuerAddress(cert);
    if (!url) return null;
    let issuer = this.issuers.get(url);
    if (!issuer) {
      const bytes = await (this.options.fetchIssuer ?? fetchIssuerOverHttp)(url);
      try {
        issuer = new X509Certificate(bytes);
      } catch {
        throw new WebhookRejected("The issuer of PayPal's certificate cannot be read.");
      }
      if (this.issuers.size >= MAX_KEPT) this.issuers.delete(this.issuers.keys().next().value as string);
      this.issuers.set(url, issuer);
    }
    return issuedBy(cert, issuer) ? issuer : null;
  }
}
