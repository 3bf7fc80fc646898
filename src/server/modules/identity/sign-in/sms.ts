import type { FastifyBaseLogger } from 'fastify';

/** Sends a text message; the product ships a log sender, and a gateway plugs in here. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/** Writes the message to the server log: for development and demos, where no gateway is configured. */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(phone, text) {
      log.info({ sms: { phone, text } }, 'sms (log sender)');
    },
  };
}
