// A local stand-in for GOV.UK Notify's API (the calls notifications-node-client makes: send email,
// send SMS, list notifications by reference), for the tests and `npm run bench:notify`.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNotifyCall {
  type: 'email' | 'sms';
  authorization: string | undefined;
  body: {
    template_id: string;
    email_address?: string;
    phone_number?: string;
    personalisation?: Record<string, string>;
    reference?: string;
  };
}

export interface FakeNotify {
  url: string;
  /** Every send received, in order (also the refused ones). */
  calls: FakeNotifyCall[];
  /** Accepted notifications by reference. */
  accepted: Map<string, { id: string; call: FakeNotifyCall }>;
  /** Answer the next sends with this status (e.g. 500, 400) instead of accepting them. */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port. `sendDelayMs` holds each answer to a send back (a slow provider). */
export async function startFakeNotify(options: { sendDelayMs?: number } = {}): Promise<FakeNotify> {
  const calls: FakeNotifyCall[] = [];
  const accepted = new Map<string, { id: string; call: FakeNotifyCall }>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const answer = () => {
        if (req.method === 'POST' && (url.pathname === '/v2/notifications/email' || url.pathname === '/v2/notifications/sms')) {
          const call: FakeNotifyCall = {
            type: url.pathname.endsWith('email') ? 'email' : 'sms',
            authorization: req.headers.authorization,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeNotifyCall['body'],
          };
          calls.push(call);
          if (failures.count > 0) {
            failures.count--;
            return json(res, failures.status, {
              status_code: failures.status,
              errors: [{ error: failures.status >= 500 ? 'Exception' : 'BadRequestError', message: 'refused by the fake' }],
            });
          }
          const id = randomUUID();
          if (call.body.reference) accepted.set(call.body.reference, { id, call });
          return json(res, 201, {
            id,
            reference: call.body.reference ?? null,
            content: { body: '', subject: '', from_email: '' },
            uri: '',
            template: { id: call.body.template_id, version: 1, uri: '' },
          });
        }
        if (req.method === 'GET' && url.pathname === '/v2/notifications') {
          const reference = url.searchParams.get('reference');
          const found = reference ? accepted.get(reference) : undefined;
          return json(res, 200, {
            notifications: found ? [{ id: found.id, reference, type: found.call.type, status: 'delivered' }] : [],
            links: { current: '' },
          });
        }
        return json(res, 404, { status_code: 404, errors: [{ error: 'NotFound', message: 'no such call' }] });
      };
      if (options.sendDelayMs && req.method === 'POST') setTimeout(answer, options.sendDelayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    accepted,
    failNext(count, status) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A key in Notify's format (name-serviceId-secret); any value works against the fake. */
export const FAKE_NOTIFY_API_KEY = `test_key-${'11111111-2222-3333-4444-555555555555'}-${'66666666-7777-8888-9999-000000000000'}`;
