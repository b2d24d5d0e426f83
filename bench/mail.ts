// Benchmark of e-mail delivery: BENCH_MAILS (default 1,000) templated e-mails (HTML and text, in four
// languages, a tenth with a one-page PDF attached) written to the outbox in one transaction, then handed
// by the real delivery worker (pg-boss jobs, pooled nodemailer transport, one process, 10 jobs at once)
// to a real SMTP server listening on localhost in this process (smtp-server, the nodemailer project's).
// Reports the time to write them, the time until the last one arrived, the throughput, and checks each
// arrived once. Target: all handed over within 60 s. At the app's default MAIL_RATE_LIMIT (25 a second;
// MAIL_RATE_LIMIT=0 measures the worker unlimited).
// Alone: `node --experimental-strip-types bench/mail.ts` or `npm run bench -- mail`.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { initOrm, migrate } from '../src/server/db/orm.ts';
import { renderInvoicePdf } from '../src/server/domains/apps/invoice/invoice.pdf.ts';
import { sendTemplatedMail, type TemplatedMail } from '../src/server/domains/platform/mail/mail.refs.ts';
import { startMailDelivery } from '../src/server/domains/platform/outbox/outbox.delivery.ts';
import { createSignalHub } from '../src/server/lib/signals.ts';
import type { TInvoiceDocument } from '../src/shared/schemas/invoice.ts';

export interface MailBenchResult {
  mails: number;
  writeMs: number;
  deliverMs: number;
  perSecond: number;
  duplicates: number;
}

const LANGUAGES = ['en', 'fr', 'de', 'ar'] as const;

const SAMPLE_INVOICE: TInvoiceDocument = {
  id: 5000,
  version: 1,
  issuer: { name: 'ACME Retail', address: '12 quai Perrache', city: 'Lyon', country: 'FR' },
  currency: 'USD',
  clientId: 1,
  client: {
    name: 'Jordan Stevenson',
    company: 'Hall-Robbins PLC',
    companyEmail: 'billing@hall-robbins.example',
    address: '7777 Mendez Plains',
    country: 'USA',
    contact: '(616) 865-4180',
  },
  issuedDate: '2026-11-02',
  dueDate: '2026-12-02',
  invoiceStatus: 'Sent',
  items: [
    { description: 'Store audit', quantity: 3, price: 120 },
    { description: 'Corrective action follow-up', quantity: 2, price: 45.5 },
  ],
  note: 'Thank you for your business.',
  taxRate: 20,
  discount: 0,
  subtotal: 451,
  tax: 90.2,
  total: 541.2,
  paid: 0,
  balance: 541.2,
  payments: [],
  sentAt: null,
  paymentDetails: {
    totalDue: 541.2,
    bankName: 'American Bank',
    country: 'USA',
    iban: 'US000000000000',
    swiftCode: 'BR91905',
  },
};

/** `count` templated e-mails as the bench sends them: four languages in turn, one in ten an invoice with its PDF. */
export async function benchMails(count: number): Promise<TemplatedMail[]> {
  const pdf = await renderInvoicePdf(SAMPLE_INVOICE, 'en');
  return Array.from({ length: count }, (_, i) => ({
    to: `reader-${i}@bench.example`,
    kind: i % 10 === 0 ? 'invoiceSent' : 'actionOverdue',
    language: LANGUAGES[i % LANGUAGES.length],
    name: `Reader ${i}`,
    values: {
      number: 5000,
      issuer: 'ACME Retail',
      company: 'Hall-Robbins PLC',
      issued: '2026-11-02',
      due: '2026-12-02',
      total: '541.20',
      balance: '541.20',
      question: 'Fire exits clear',
      where: `Store ${i}`,
    },
    baseUrl: 'https://ops.example.com',
    path: '/tasks/actions',
    attachment: i % 10 === 0 ? { filename: 'invoice-5000.pdf', content: pdf } : null,
  }));
}

export interface SmtpReceiver {
  url: string;
  /** How many times each recipient received an e-mail. */
  arrived: Map<string, number>;
  /** performance.now() when the last e-mail arrived. */
  lastAt: () => number;
  close: () => Promise<void>;
}

/** A real SMTP server on localhost (smtp-server) that counts what arrives per recipient. */
export async function smtpReceiver(): Promise<SmtpReceiver> {
  const arrived = new Map<string, number>();
  let last = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) arrived.set(r.address, (arrived.get(r.address) ?? 0) + 1);
        last = performance.now();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    lastAt: () => last,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export async function benchMail(log: (msg: string) => void = console.log): Promise<MailBenchResult> {
  const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
  // The app's default MAIL_RATE_LIMIT (25 a second), or the one given; 0: no limit (the worker's own speed).
  const RATE = Number(process.env.MAIL_RATE_LIMIT ?? 25);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdesk-bench-mail-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), database: 'bench', fast: true });
  const orm = await initOrm(pg.url, { pool: { max: 6 } });
  const smtp = await smtpReceiver();
  const { arrived } = smtp;
  const signals = createSignalHub(pg.url);
  let delivery: Awaited<ReturnType<typeof startMailDelivery>> | undefined;
  let finished = false;
  try {
    await migrate(orm);
    const mails = await benchMails(MAILS);
    // The worker starts first and idles: the commit's NOTIFY is what sets it going, as in the app.
    delivery = await startMailDelivery({
      orm,
      connectionString: pg.url,
      signals,
      mail: { smtpUrl: smtp.url, from: { name: 'Opsdesk', address: 'ops@bench.example' }, ratePerSecond: RATE },
      publicUrl: 'https://ops.example.com',
      pollingIntervalSeconds: 0.5,
      // Stopping the database at the end drops the worker's connections: only errors before that count.
      onError: (error) => {
        if (!finished) log(`delivery error: ${String(error)}`);
      },
    });
    const start = performance.now();
    await orm.em.fork().transactional((tx) => sendTemplatedMail(tx, mails));
    const writeMs = performance.now() - start;
    const deadline = start + 120_000;
    while (arrived.size < MAILS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (arrived.size < MAILS) throw new Error(`only ${arrived.size} of ${MAILS} e-mails arrived within 120 s`);
    // Any job that could still run has run: nothing arrives twice.
    await new Promise((r) => setTimeout(r, 1500));
    const duplicates = [...arrived.values()].filter((n) => n > 1).length;
    const deliverMs = smtp.lastAt() - start;
    const perSecond = MAILS / (deliverMs / 1000);
    log(
      `mail: ${MAILS.toLocaleString('en')} e-mails written in ${Math.round(writeMs)} ms, all handed to the SMTP server ` +
        `(MAIL_RATE_LIMIT ${RATE || 'none'}) ` +
        `${(deliverMs / 1000).toFixed(1)} s after the commit (${perSecond.toFixed(0)}/s; target: within 60 s), duplicates: ${duplicates}`,
    );
    return { mails: MAILS, writeMs, deliverMs, perSecond, duplicates };
  } finally {
    finished = true;
    await delivery?.stop();
    await signals.close();
    await smtp.close();
    await orm.close(true);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await benchMail((m) => console.log(`[bench] ${m}`));
  console.log(
    `\n| ${result.mails.toLocaleString('en')} e-mails | written ${Math.round(result.writeMs)} ms | delivered ${(result.deliverMs / 1000).toFixed(1)} s | ${result.perSecond.toFixed(0)}/s |`,
  );
  console.log(
    `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, Node ${process.version}`,
  );
}
