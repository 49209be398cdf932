import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createSecureContext } from 'node:tls';

/**
 * The way to the AEAT's web service (RegFactuSistemaFacturacion): SOAP 1.1 over TLS with the
 * company's certificate as client certificate.
 */

export interface SoapResponse {
  status: number;
  body: string;
}

/** Where envelopes go: the AEAT's endpoint (or a test's stand-in). */
export interface SoapTransport {
  post(envelope: string): Promise<SoapResponse>;
}

export interface ClientCertificate {
  pfx: Buffer;
  passphrase: string;
}

/** Reads the company's PKCS#12 and checks its password, so a wrong one stops the start, named. */
export function loadClientCertificate(cert: { path: string; password: string }): ClientCertificate {
  let pfx: Buffer;
  try {
    pfx = readFileSync(cert.path);
  } catch (err) {
    throw new Error(`VERIFACTU_CERT: no se puede leer ${cert.path} (${(err as Error).message})`);
  }
  try {
    createSecureContext({ pfx, passphrase: cert.password });
  } catch (err) {
    throw new Error(
      `VERIFACTU_CERT_PASSWORD: el certificado PKCS#12 no se abre con esa contraseña (${(err as Error).message})`,
    );
  }
  return { pfx, passphrase: cert.password };
}

/** SOAP 1.1 over HTTPS with a client certificate (or plain HTTP outside production). */
export class HttpSoapTransport implements SoapTransport {
  readonly #url: URL;
  readonly #agent: http.Agent;
  readonly #timeoutMs: number;

  constructor(
    endpoint: string,
    opts: { cert?: ClientCertificate; ca?: Buffer | string; timeoutMs?: number } = {},
  ) {
    this.#url = new URL(endpoint);
    this.#timeoutMs = opts.timeoutMs ?? 60_000;
    this.#agent =
      this.#url.protocol === 'https:'
        ? new https.Agent({
            keepAlive: true,
            ...(opts.cert ? { pfx: opts.cert.pfx, passphrase: opts.cert.passphrase } : {}),
            ...(opts.ca ? { ca: opts.ca } : {}),
          })
        : new http.Agent({ keepAlive: true });
  }

  post(envelope: string): Promise<SoapResponse> {
    const body = Buffer.from(envelope, 'utf8');
    const lib = this.#url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = lib.request(
        this.#url,
        {
          method: 'POST',
          agent: this.#agent,
          timeout: this.#timeoutMs,
          headers: {
            'content-type': 'text/xml; charset=utf-8',
            // SistemaFacturacion.wsdl: soapAction="" on every operation.
            soapaction: '""',
            'content-length': body.length,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`sin respuesta de la AEAT en ${this.#timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}
