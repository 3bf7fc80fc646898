/**
 * The payment return page receives the gateway's HTML form in the query parameter htmlData.
 * That markup is never injected: it is parsed into an inert document,
 * accepted only when it is one form posting to an allowed payment gateway over https (or to
 * this site) with hidden inputs only, and then rebuilt with DOM APIs and submitted.
 */

/** Gateways a payment form may post to: Alipay's production and sandbox page-pay hosts. */
export const PAYMENT_GATEWAY_HOSTS: readonly string[] = [
  'openapi.alipay.com',
  'openapi-sandbox.dl.alipaydev.com',
];

export interface PaymentForm {
  action: string;
  method: 'get' | 'post';
  fields: { name: string; value: string }[];
}

export type PaymentFormProblem = 'missing' | 'not_one_form' | 'action_not_allowed' | 'field_not_allowed';

export type PaymentFormResult = { ok: true; form: PaymentForm } | { ok: false; problem: PaymentFormProblem };

function allowedAction(raw: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin === origin) return url.href;
  if (url.protocol === 'https:' && PAYMENT_GATEWAY_HOSTS.includes(url.hostname) && url.port === '')
    return url.href;
  return null;
}

/** Checks the markup and answers the form to rebuild, or why it is refused. */
export function parsePaymentForm(html: string | null, origin: string): PaymentFormResult {
  if (!html || !html.trim()) return { ok: false, problem: 'missing' };
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const forms = parsed.querySelectorAll('form');
  const form = forms[0];
  if (forms.length !== 1 || !form) return { ok: false, problem: 'not_one_form' };
  const action = allowedAction(form.getAttribute('action') ?? '', origin);
  if (!action) return { ok: false, problem: 'action_not_allowed' };
  const method = (form.getAttribute('method') ?? 'get').toLowerCase();
  if (method !== 'get' && method !== 'post') return { ok: false, problem: 'not_one_form' };

  const fields: PaymentForm['fields'] = [];
  for (const element of Array.from(form.querySelectorAll('*'))) {
    if (element.tagName.toLowerCase() !== 'input') return { ok: false, problem: 'field_not_allowed' };
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    const name = element.getAttribute('name');
    // The gateway's own hidden submit button carries no data and is left out.
    if (type === 'submit' && !name) continue;
    if (type !== 'hidden' || !name) return { ok: false, problem: 'field_not_allowed' };
    fields.push({ name, value: element.getAttribute('value') ?? '' });
  }
  return { ok: true, form: { action, method, fields } };
}

/** Builds the checked form with DOM APIs in the given document and submits it. */
export function submitPaymentForm(form: PaymentForm, target: Document = document): void {
  const element = target.createElement('form');
  element.method = form.method;
  element.action = form.action;
  element.style.display = 'none';
  for (const field of form.fields) {
    const input = target.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    element.appendChild(input);
  }
  target.body.appendChild(element);
  element.submit();
}
