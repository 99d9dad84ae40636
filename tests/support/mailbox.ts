import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

/** A real SMTP server on this machine, keeping what it receives; stopped and started again on one port. */
export class Mailbox {
  readonly mails: ParsedMail[] = [];
  private server: SMTPServer | undefined;
  private gate: Promise<void> | undefined;
  /** Mails received but not yet answered, while held. */
  held = 0;
  port = 0;

  /**
   * Holds every mail's answer to DATA (the sender waits, its mail in flight) until the returned
   * function is called; a held mail counts as received once answered.
   */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = undefined;
      release();
    };
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, done) => {
        simpleParser(stream).then(
          async (mail) => {
            const gate = this.gate;
            if (gate) {
              this.held++;
              await gate;
              this.held--;
            }
            this.mails.push(mail);
            done();
          },
          (error: Error) => done(error),
        );
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): ParsedMail[] {
    return this.mails.filter((m) => JSON.stringify(m.to).includes(address));
  }

  /** The first mail to `address` whose subject has `subject`, waited for up to `ms`. */
  async waitFor(address: string, subject: string, ms = 15_000): Promise<ParsedMail> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.to(address).find((m) => m.subject?.includes(subject));
      if (found) return found;
      if (Date.now() > until)
        throw new Error(
          `no mail to ${address} with "${subject}"; got: ${this.to(address)
            .map((m) => m.subject)
            .join(' | ')}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The path and query of the link of a mail's text (confirm or unsubscribe). */
export function linkOf(mail: ParsedMail, action: 'confirm' | 'unsubscribe'): string {
  const text = mail.text ?? '';
  const start = text.indexOf(`/subscriptions/${action}?token=`);
  expect(start, text).toBeGreaterThan(-1);
  let end = start;
  while (end < text.length && text[end]!.trim() !== '') end++;
  return text.slice(start, end);
}
