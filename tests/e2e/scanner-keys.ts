/**
 * What a keyboard-wedge scanner sends, as real key events in Chromium (the DevTools protocol's
 * Input domain, the same path Playwright's keyboard takes): each character as its US-layout key
 * (with Shift held for upper-case letters and shifted signs, as a HID scanner does), control
 * characters as the Ctrl chords scanners emit in keyboard emulation (STX as Ctrl+B, ETX as
 * Ctrl+C, GS as Ctrl+]) or as a key whose value is the character itself, and text committed
 * through the input method as Android scanners in "fill the input box" mode deliver it.
 *
 * A burst is sent in one go, so its keys reach the page as fast as a built-in scan engine types
 * (well under 10 ms a key) however busy the test process is; a paced scan sends each key in its
 * own time slot, measured from the first, so the average pace is the one asked for. Each key
 * event carries the time the scanner sent it (the protocol's `timestamp`, which becomes the
 * event's `timeStamp`), as the operating system stamps a real scanner's keys when it queues them:
 * a loaded machine that passes them on late changes when the page handles them, not when they
 * were pressed.
 */
import type { CDPSession, Page } from 'playwright-core';

/** One thing the scanner sends: a character, a named key, a Ctrl chord, or text through the IME. */
export type Stroke =
  { char: string } | { key: 'Enter' | 'Tab' } | { ctrl: string } | { controlChar: string } | { ime: string };

export const chars = (text: string): Stroke[] => [...text].map((char) => ({ char }));
export const ENTER: Stroke = { key: 'Enter' };
export const TAB: Stroke = { key: 'Tab' };
/** GS, STX and ETX as the Ctrl chords of keyboard emulation. */
export const CTRL_GS: Stroke = { ctrl: ']' };
export const CTRL_STX: Stroke = { ctrl: 'b' };
export const CTRL_ETX: Stroke = { ctrl: 'c' };

interface KeyEvent {
  type: 'keyDown' | 'rawKeyDown' | 'keyUp';
  key: string;
  code: string;
  windowsVirtualKeyCode: number;
  modifiers: number;
  text?: string;
  unmodifiedText?: string;
  /** When the key was pressed, in seconds since the epoch. */
  timestamp?: number;
}
type Command =
  | { method: 'Input.dispatchKeyEvent'; params: KeyEvent }
  | { method: 'Input.insertText'; params: { text: string } };

const SHIFT = 8;
const CTRL = 2;

/** Signs typed with Shift on a US layout, each with the unshifted sign of its key. */
const SHIFTED = new Map(
  [...'!1 @2 #3 $4 %5 ^6 &7 *8 (9 )0 _- += {[ }] |\\ :; "\' <, >. ?/ ~`'.split(' ')].map((pair) => [
    pair.charAt(0),
    pair.charAt(1),
  ]),
);
/** The other signs' keys: their code and key code. */
const SIGNS = new Map<string, [code: string, keyCode: number]>([
  ['-', ['Minus', 189]],
  ['=', ['Equal', 187]],
  ['[', ['BracketLeft', 219]],
  [']', ['BracketRight', 221]],
  ['\\', ['Backslash', 220]],
  [';', ['Semicolon', 186]],
  ["'", ['Quote', 222]],
  [',', ['Comma', 188]],
  ['.', ['Period', 190]],
  ['/', ['Slash', 191]],
  ['`', ['Backquote', 192]],
  [' ', ['Space', 32]],
]);

/** The physical key of a character on a US layout, and whether Shift is held for it. */
function keyOf(char: string): { code: string; keyCode: number; isShifted: boolean } {
  if (/^[a-z]$/i.test(char)) {
    const upper = char.toUpperCase();
    return { code: `Key${upper}`, keyCode: upper.charCodeAt(0), isShifted: char === upper };
  }
  if (/^\d$/.test(char)) return { code: `Digit${char}`, keyCode: char.charCodeAt(0), isShifted: false };
  const base = SHIFTED.get(char) ?? char;
  const sign = /^\d$/.test(base) ? ([`Digit${base}`, base.charCodeAt(0)] as const) : SIGNS.get(base);
  if (!sign) throw new Error(`no US-layout key types ${JSON.stringify(char)}`);
  return { code: sign[0], keyCode: sign[1], isShifted: base !== char };
}

const modifierKey = (key: 'Shift' | 'Control', type: 'rawKeyDown' | 'keyUp', modifiers: number): Command => ({
  method: 'Input.dispatchKeyEvent',
  params: {
    type,
    key,
    code: `${key}Left`,
    windowsVirtualKeyCode: key === 'Shift' ? 16 : 17,
    modifiers,
  },
});

/** The key events (or IME commit) one stroke is made of, in order. */
function commandsOf(stroke: Stroke): Command[] {
  const press = (params: Omit<KeyEvent, 'type'>, withText: boolean): Command[] => [
    {
      method: 'Input.dispatchKeyEvent',
      params: { ...params, type: withText ? 'keyDown' : 'rawKeyDown' },
    },
    {
      method: 'Input.dispatchKeyEvent',
      params: {
        key: params.key,
        code: params.code,
        windowsVirtualKeyCode: params.windowsVirtualKeyCode,
        modifiers: params.modifiers,
        type: 'keyUp',
      },
    },
  ];
  if ('char' in stroke) {
    const { code, keyCode, isShifted } = keyOf(stroke.char);
    const modifiers = isShifted ? SHIFT : 0;
    const typed = press(
      {
        key: stroke.char,
        code,
        windowsVirtualKeyCode: keyCode,
        modifiers,
        text: stroke.char,
        unmodifiedText: stroke.char,
      },
      true,
    );
    return isShifted
      ? [modifierKey('Shift', 'rawKeyDown', SHIFT), ...typed, modifierKey('Shift', 'keyUp', 0)]
      : typed;
  }
  if ('key' in stroke) {
    const isEnter = stroke.key === 'Enter';
    return press(
      {
        key: stroke.key,
        code: stroke.key,
        windowsVirtualKeyCode: isEnter ? 13 : 9,
        modifiers: 0,
        ...(isEnter ? { text: '\r', unmodifiedText: '\r' } : {}),
      },
      isEnter,
    );
  }
  if ('ctrl' in stroke) {
    const { code, keyCode } = keyOf(stroke.ctrl);
    return [
      modifierKey('Control', 'rawKeyDown', CTRL),
      ...press({ key: stroke.ctrl, code, windowsVirtualKeyCode: keyCode, modifiers: CTRL }, false),
      modifierKey('Control', 'keyUp', 0),
    ];
  }
  if ('controlChar' in stroke) {
    const text = stroke.controlChar;
    return press(
      { key: text, code: '', windowsVirtualKeyCode: 0, modifiers: 0, text, unmodifiedText: text },
      true,
    );
  }
  // Android's input method: a keydown it cannot name (229), then the text committed to the field.
  return [
    {
      method: 'Input.dispatchKeyEvent',
      params: { type: 'rawKeyDown', key: 'Unidentified', code: '', windowsVirtualKeyCode: 229, modifiers: 0 },
    },
    { method: 'Input.insertText', params: { text: stroke.ime } },
    {
      method: 'Input.dispatchKeyEvent',
      params: { type: 'keyUp', key: 'Unidentified', code: '', windowsVirtualKeyCode: 229, modifiers: 0 },
    },
  ];
}

const sessions = new WeakMap<Page, CDPSession>();

async function sessionOf(page: Page): Promise<CDPSession> {
  const known = sessions.get(page);
  if (known) return known;
  const session = await page.context().newCDPSession(page);
  sessions.set(page, session);
  return session;
}

function send(session: CDPSession, command: Command): Promise<unknown> {
  return command.method === 'Input.insertText'
    ? session.send('Input.insertText', command.params)
    : session.send('Input.dispatchKeyEvent', command.params);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A burst's keys are stamped this far apart, as a built-in scan engine sends them. */
const BURST_MS_PER_KEY = 2;

/** A stroke's key events stamped with when the scanner sent them (ms since the epoch). */
function stampedAt(commands: Command[], sentAt: number): Command[] {
  return commands.map((command) =>
    command.method === 'Input.dispatchKeyEvent'
      ? { ...command, params: { ...command.params, timestamp: sentAt / 1000 } }
      : command,
  );
}

/**
 * Sends `strokes` as the scanner would: all at once (`msPerKey` absent), or one stroke every
 * `msPerKey` from the first (a slow scanner, or a person).
 */
export async function sendStrokes(page: Page, strokes: Stroke[], msPerKey?: number): Promise<void> {
  const session = await sessionOf(page);
  if (msPerKey === undefined) {
    // Sent now, as if the scanner had sent them over the last few milliseconds.
    const sentAt = Date.now() - strokes.length * BURST_MS_PER_KEY;
    const commands = strokes.flatMap((stroke, index) =>
      stampedAt(commandsOf(stroke), sentAt + index * BURST_MS_PER_KEY),
    );
    await Promise.all(commands.map((command) => send(session, command)));
    return;
  }
  const start = Date.now();
  for (const [index, stroke] of strokes.entries()) {
    const slot = start + index * msPerKey;
    await sleep(slot - Date.now());
    for (const command of stampedAt(commandsOf(stroke), slot)) await send(session, command);
  }
}
