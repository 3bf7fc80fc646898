/**
 * axe-core in the browser tests: runs the WCAG 2.1 A/AA rules (with axe's best practices) on
 * what a page shows and reports the critical and serious violations by rule and element.
 *
 * The apps' content security policy allows no inline script and no eval, so axe is neither
 * added as a script tag nor evaluated in the page's own world: it runs in an isolated world
 * of its own (as a browser extension's content script does), made through the DevTools
 * protocol, which shares the page's DOM but not its policy.
 */
import axe from 'axe-core';
import type { CDPSession, Page } from 'playwright-core';

/** The impacts that fail a test. */
const FAILING: ReadonlySet<string> = new Set(['critical', 'serious']);

/** The world axe runs in, per page and document: a navigation drops it. */
const worlds = new WeakMap<Page, { session: CDPSession; contextId: number | null }>();

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** Each element that breaks the rule: where it is, its markup, and what is wrong. */
  nodes: { target: string; html: string; summary: string }[];
}

export interface AuditScope {
  /** Only this part of the page (a selector): an open drawer or dialog. */
  include?: string;
}

async function worldOf(page: Page): Promise<{ session: CDPSession; contextId: number }> {
  let world = worlds.get(page);
  if (!world) {
    const session = await page.context().newCDPSession(page);
    await session.send('Page.enable');
    world = { session, contextId: null };
    const current = world;
    // A new document has a new world: make it again on the next audit.
    session.on('Page.frameNavigated', (event) => {
      if (!event.frame.parentId) current.contextId = null;
    });
    worlds.set(page, world);
  }
  if (world.contextId !== null) {
    const alive = await world.session
      .send('Runtime.evaluate', {
        expression: 'typeof axe === "object"',
        contextId: world.contextId,
        returnByValue: true,
      })
      .then((answer) => answer.result.value === true)
      .catch(() => false);
    if (alive) return { session: world.session, contextId: world.contextId };
  }
  const { frameTree } = await world.session.send('Page.getFrameTree');
  const { executionContextId } = await world.session.send('Page.createIsolatedWorld', {
    frameId: frameTree.frame.id,
    worldName: 'axe-audit',
    grantUniveralAccess: false,
  });
  const loaded = await world.session.send('Runtime.evaluate', {
    expression: axe.source,
    contextId: executionContextId,
  });
  if (loaded.exceptionDetails) throw new Error(`axe-core did not load: ${loaded.exceptionDetails.text}`);
  world.contextId = executionContextId;
  return { session: world.session, contextId: executionContextId };
}

/**
 * The critical and serious violations on the page (or the part `scope` names) as it is now.
 * WCAG 2.1 A and AA rules and axe's best practices, plus the experimental check that a
 * control's accessible name contains its visible text (WCAG 2.5.3).
 */
export async function audit(page: Page, scope: AuditScope = {}): Promise<Finding[]> {
  const { session, contextId } = await worldOf(page);
  const context = scope.include ? JSON.stringify({ include: [[scope.include]] }) : 'document';
  const options = JSON.stringify({
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
    iframes: false,
  });
  const answer = await session.send('Runtime.evaluate', {
    expression: `axe.run(${context}, ${options}).then((results) => JSON.stringify(results.violations))`,
    contextId,
    awaitPromise: true,
    returnByValue: true,
  });
  if (answer.exceptionDetails) {
    throw new Error(
      `axe-core failed: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`,
    );
  }
  const violations = JSON.parse(answer.result.value as string) as axe.Result[];
  return violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map(String).join(' '),
        html: node.html.slice(0, 200),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** The findings as lines a person can act on: the rule, then each element and what is wrong. */
export function describeFindings(where: string, findings: Finding[]): string {
  if (findings.length === 0) return `${where}: no critical or serious violation`;
  const lines = [`${where}:`];
  for (const finding of findings) {
    lines.push(`  [${finding.impact}] ${finding.rule}: ${finding.help}`);
    for (const node of finding.nodes) {
      lines.push(`    at ${node.target}`, `      ${node.html}`, `      ${node.summary}`);
    }
  }
  return lines.join('\n');
}
