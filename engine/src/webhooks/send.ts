import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { endpointUrlProblem, isPrivateAddress } from './address-policy.js';

export interface SendOutcome {
  ok: boolean;
  /** The HTTP status, when an answer came. */
  status: number | null;
  error: string | undefined;
}

/** The connection's own DNS lookup, refusing private addresses: what is checked is what is connected to. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new Error(`${hostname} resolves to a private address (${refused.address})`), '', 0);
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * POSTs one delivery and reads its answer, all within `timeoutMs`. Any 2xx is delivered; anything
 * else (other status, refused address, timeout, network error) is a failed try with its reason.
 * Redirects are not followed (a redirect could lead to a private address).
 */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  const problem = endpointUrlProblem(url, options.allowPrivate);
  if (problem) return Promise.resolve({ ok: false, status: null, error: problem });
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'Contrail-Webhooks/1', ...headers },
    lookup: checkedLookup(options.allowPrivate),
    signal: AbortSignal.timeout(options.timeoutMs),
  };
  return new Promise((resolve) => {
    const call = send(target, requestOptions, (answer) => {
      answer.resume();
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        resolve({ ok, status, error: ok ? undefined : `The endpoint answered ${status}` });
      });
      answer.on('error', (error) => resolve({ ok: false, status: answer.statusCode ?? null, error: error.message }));
    });
    call.on('error', (error) =>
      resolve({
        ok: false,
        status: null,
        error: error.name === 'AbortError' ? `No answer within ${options.timeoutMs} ms` : error.message,
      }),
    );
    call.end(body);
  });
}
