// A real SMTP server in the test process (smtp-server, from the nodemailer project): what arrives is
// parsed by mailparser. It can refuse an address (550) and go down and come back on the same port.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export interface Received {
  /** The envelope's recipients (RCPT TO), which decide who gets it whatever the headers say. */
  rcptTo: string[];
  mail: ParsedMail;
  /** The message as it came over the wire. */
  raw: string;
}

export interface TestSmtp {
  url: string;
  port: number;
  received: Received[];
  /** Addresses answered `550 5.1.1` at RCPT TO. */
  refuse: Set<string>;
  /** Stop listening (connections are dropped). */
  down(): Promise<void>;
  /** Listen again on the same port. */
  up(): Promise<void>;
  /** Resolves with the first `count` messages to `to` (polls; rejects after `timeoutMs`). */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<Received[]>;
}

function create(state: { received: Received[]; refuse: Set<string> }): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    closeTimeout: 50,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refuse.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 <' + address.address + '>: Recipient address rejected: no such user');
        (error as Error & { responseCode: number }).responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((mail) => {
            state.received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), mail, raw });
            callback();
          })
          .catch(callback);
      });
    },
  });
}

/** Start one for this test file (stopped after it). */
export async function startTestSmtp(): Promise<TestSmtp> {
  const state = { received: [] as Received[], refuse: new Set<string>() };
  let server = create(state);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  let running = true;
  const down = () =>
    new Promise<void>((resolve) => {
      running = false;
      server.close(() => resolve());
    });
  afterAll(async () => {
    if (running) await down();
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received: state.received,
    refuse: state.refuse,
    down,
    async up() {
      server = create(state);
      await listen(port);
      running = true;
    },
    async waitFor(to, count = 1, timeoutMs = 20_000) {
      const started = Date.now();
      for (;;) {
        const mine = state.received.filter((r) => r.rcptTo.includes(to));
        if (mine.length >= count) return mine.slice(0, count);
        if (Date.now() - started > timeoutMs)
          throw new Error(`${mine.length} of ${count} e-mails to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
