import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback that keeps every message it accepts. */
export interface SmtpSink {
  port: number;
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

export function startSmtpSink(port = 0): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      const actual = typeof address === "object" && address ? address.port : port;
      resolve({
        port: actual,
        url: `smtp://127.0.0.1:${actual}`,
        messages,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}
