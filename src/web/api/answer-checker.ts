// Where the answers are checked against the contract (decision 153). In a browser, in a worker of their own: building
// the contract's schemas was the opening /home's longest task (150–190 ms while traced, ×4 in Lighthouse's mobile
// profile), and each answer's parse ran between the screen's renders. Where no worker starts (the web tests' jsdom,
// a worker script that fails to load), on the page, the schemas loaded on demand as before.
import type { EndpointName } from '../../contracts/contract.ts';
import { onDemand } from '../lib/on-demand.ts';
import type { Checked } from './check-answer.ts';

interface Waiting {
  name: EndpointName;
  data: unknown;
  resolve: (checked: Checked | Promise<Checked>) => void;
}

let onPage: Promise<typeof import('./check-answer.ts')['checkAnswer']> | undefined;
/** undefined: not started yet; null: there is none, the page checks. */
let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

const loadOnPage = () => {
  onPage ??= onDemand(() => import('./check-answer.ts')).then((m) => m.checkAnswer);
  return onPage;
};
const checkOnPage = (name: EndpointName, data: unknown) => loadOnPage().then((check) => check(name, data));

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./answers.worker.ts', import.meta.url), {
      type: 'module',
      name: 'fidis-answers',
    });
    started.addEventListener('message', (event: MessageEvent<Checked & { id: number }>) => {
      const { id, ...checked } = event.data;
      waiting.get(id)?.resolve(checked as Checked);
      waiting.delete(id);
    });
    // The script did not load or did not run: what waits, and what comes, is checked on the page.
    started.addEventListener('error', (event) => {
      event.preventDefault();
      started.terminate();
      worker = null;
      for (const question of waiting.values()) question.resolve(checkOnPage(question.name, question.data));
      waiting.clear();
    });
    return started;
  } catch {
    return null;
  }
}

/** Starts the checks ahead of the first answer: the worker and its schemas, or the page's schemas where none. */
export function startAnswerChecks(): Worker | null {
  // Not `??=`: null, no worker, is an answer and must stay one.
  if (worker === undefined) worker = startWorker();
  if (worker === null) void loadOnPage();
  return worker;
}

/** The contract's check of an answer of `name`: its parsed data, or the issues that fail it. */
export function checkAnswerOf(name: EndpointName, data: unknown): Promise<Checked> {
  const checker = startAnswerChecks();
  if (checker === null) return checkOnPage(name, data);
  const id = nextId++;
  return new Promise<Checked>((resolve) => {
    waiting.set(id, { name, data, resolve });
    checker.postMessage({ id, name, data });
  });
}
