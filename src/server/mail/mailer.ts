/** What the rest of the server sees of mail: a message with a plain-text and an HTML part, and a sender. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Delivery =
  | { kind: 'smtp'; messageId: string }
  /** `file` is the .eml written into the outbox folder. */
  | { kind: 'outbox'; messageId: string; file: string };

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<Delivery>;
  close(): void;
};
