import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "../db/index.js";
import type { OutboxAttachment } from "../schema/index.js";
import { mailRepository } from "./repository.js";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /** What the message is for: login, receipt, cancellation... (shown in the admin outbox). */
  kind: string;
};

/** Delivers one message or throws; the outbox keeps the outcome. */
export type MailTransport = {
  name: "console" | "smtp";
  deliver(from: string, mail: OutgoingMail): Promise<void>;
  /** Asks the mail server whether it accepts us (connection, greeting, login); throws when not. */
  verify?(): Promise<string>;
};

export const MAX_MAIL_ATTEMPTS = 6;

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;
/** What looks like a random token in a path (ours are 32 or 43 base64url characters). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{20,}/g;
const URL_PARTS = /^(https?:\/\/[^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;
const WITHHELD = "[poistettu]";

/**
 * Every link in the text with its possible secrets withheld: each query value, the fragment and
 * everything in the path that looks like a token. Links are capabilities (a login, a booking's own
 * page, the gate, a waitlist entry), so none is printed whole; the rest of the text stays readable.
 */
export function withholdLinkSecrets(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => {
    const [, origin, path = "", query, fragment] = URL_PARTS.exec(url) ?? [];
    if (origin === undefined) return WITHHELD;
    const params = query?.split("&").map((pair) => pair.replace(/=.*/s, `=${WITHHELD}`));
    return `${origin}${path.replace(TOKEN_LIKE, WITHHELD)}${params ? `?${params.join("&")}` : ""}${fragment ? `#${WITHHELD}` : ""}`;
  });
}

/**
 * Prints each message, so a developer can click the login link from the terminal. With
 * `withholdSecrets` (MAIL_TO_LOG, an operator's choice for a site without a mail server) the
 * links are printed without their secrets (withholdLinkSecrets): a log is read by more people
 * than the mailbox's owner, and a link from it would sign in or open the gate.
 */
export function consoleTransport(
  print: (text: string) => void = console.log,
  { withholdSecrets = false }: { withholdSecrets?: boolean } = {},
): MailTransport {
  const show = withholdSecrets ? withholdLinkSecrets : (text: string) => text;
  return {
    name: "console",
    async deliver(from, mail) {
      const files = (mail.attachments ?? []).map((a) => a.filename).join(", ");
      print(
        [
          "",
          withholdSecrets
            ? "──────── e-mail (MAIL_TO_LOG: printed instead of sent, links without their secrets) ────────"
            : "──────── e-mail (no SMTP_URL set: printed instead of sent) ────────",
          `From: ${from}`,
          `To: ${mail.to}`,
          `Subject: ${show(mail.subject)}`,
          ...(files ? [`Attachments: ${files}`] : []),
          "",
          show(mail.text),
          "────────────────────────────────────────────────────────────────────",
          "",
        ].join("\n"),
      );
    },
  };
}

/**
 * nodemailer waits minutes by default for a dead server; an API request that sends a login link
 * must answer long before that, so it gives up sooner and the outbox retries later.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    name: "smtp",
    async deliver(from, mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: (mail.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
    },
    async verify() {
      await transporter.verify();
      return "SMTP-palvelin vastasi";
    },
  };
}

/**
 * Kinds of message whose text holds a single-use secret (the login link's token, which the
 * database otherwise keeps only as a hash). Once delivered, the secret is blanked in the outbox,
 * so the outbox an admin reads never holds a working link.
 */
const SECRET_KINDS = new Set(["login"]);
const SECRET_QUERY = /([?&]token=)[A-Za-z0-9_-]+/g;
export const redactSecrets = (text: string) => text.replace(SECRET_QUERY, "$1[poistettu]");

/** How long a delivery attempt holds its message before another worker may try it. */
const CLAIM_MS = 5 * 60_000;

/** Wait before the next attempt: 1, 2, 4, 8, 16 minutes. */
function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

export type MailService = ReturnType<typeof createMailService>;

/**
 * Every message goes to the outbox table first (inside the caller's transaction when given),
 * then is delivered; a failed delivery stays in the outbox as failed and is retried by a job.
 */
export function createMailService(options: { transport: MailTransport; from: string; now: () => Date }) {
  const { transport, from, now } = options;

  async function enqueue(db: DbOrTx, mail: OutgoingMail): Promise<number> {
    return mailRepository(db).insert({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
      kind: mail.kind,
      createdAt: now(),
      nextAttemptAt: now(),
    });
  }

  /**
   * Tries to deliver one due message now; returns whether it was sent. The row is first claimed by
   * pushing its next attempt forward in one conditional UPDATE, so a request that sends at once and
   * the retry job can never deliver the same message twice.
   */
  async function deliver(db: Db, id: number): Promise<{ sent: boolean; error?: string }> {
    const outbox = mailRepository(db);
    const row = await outbox.claimDue(id, now(), new Date(now().getTime() + CLAIM_MS));
    if (!row) {
      const current = await outbox.byId(id);
      if (!current) throw new Error(`No outbox message ${id}`);
      if (current.status === "sent") return { sent: true };
      return { sent: false, error: current.lastError ?? "Viesti on jo lähetyksessä." };
    }
    const attempts = row.attempts + 1;
    try {
      await transport.deliver(from, {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        attachments: row.attachments,
        kind: row.kind,
      });
      await outbox.update(id, {
        status: "sent",
        attempts,
        sentAt: now(),
        lastError: null,
        ...(SECRET_KINDS.has(row.kind) && {
          text: redactSecrets(row.text),
          html: row.html === null ? null : redactSecrets(row.html),
        }),
      });
      return { sent: true };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await outbox.update(id, {
        status: "failed",
        attempts,
        lastError: message.slice(0, 1000),
        nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
      });
      return { sent: false, error: message };
    }
  }

  /**
   * Sends a message the caller has just committed to the outbox (none when null), after its
   * transaction: the answer to the user never waits on a failure, which stays in the outbox for the
   * retry job.
   */
  async function sendCommitted(db: Db, id: number | null): Promise<void> {
    if (id !== null) await deliver(db, id).catch(() => {});
  }

  /**
   * Delivers queued and failed messages whose time has come; used by the scheduled job.
   * `staleAfterMinutes` names kinds not worth sending late (a login link past its lifetime).
   */
  async function deliverDue(
    db: Db,
    {
      limit = 50,
      staleAfterMinutes = {},
    }: { limit?: number; staleAfterMinutes?: Record<string, number> } = {},
  ): Promise<number> {
    const staleBefore = Object.entries(staleAfterMinutes).map(([kind, minutes]): [string, Date] => [
      kind,
      new Date(now().getTime() - minutes * 60_000),
    ]);
    const due = await mailRepository(db).dueIds(now(), MAX_MAIL_ATTEMPTS, staleBefore, limit);
    let sent = 0;
    for (const id of due) if ((await deliver(db, id)).sent) sent++;
    return sent;
  }

  /** The transport's own check; printing to the console has nothing to check. */
  const verifyTransport = () =>
    transport.verify
      ? transport.verify()
      : Promise.resolve("Ei lähetyspalvelinta: viestit kirjoitetaan vain palvelimen lokiin.");

  return { transportName: transport.name, enqueue, deliver, sendCommitted, deliverDue, verifyTransport };
}
