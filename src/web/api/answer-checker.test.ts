// The answers' worker as the page sees it (decision 153). jsdom has no Worker: here a stand-in at that edge runs what
// the worker runs (answerQuestions) on a scope of its own, answering when the test says, so that the page's
// side (one worker, each answer to its own call, the fall-back when the script does not load) meets the real check.
// A real browser runs the real worker in the E2E (tests/e2e/cards.spec.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectOffContract } from '../test/off-contract.ts';
import { answerQuestions, type QuestionScope } from './answer-questions.ts';

const transport = vi.hoisted(() => vi.fn());
vi.mock('../lib/transport/call-api.ts', () => ({ callApi: transport }));

const UUID = '0192f5a0-1c2d-7e3f-8a4b-5c6d7e8f9a0b';
const limit = { availableLimit: 1500, creditLimit: 5000, availableCreditLimitUsed: 3500 };
const limitCall = { params: { uuid: UUID }, headers: { last4digits: '5681' } };

/** A worker whose replies wait until `deliver` is called, in the order the test picks; or whose script fails. */
class StandInWorker extends EventTarget {
  static made: StandInWorker[] = [];
  static failing = false;
  readonly sent: unknown[] = [];
  private readonly replies: Array<() => void> = [];
  private onQuestion?: (data: unknown) => void;

  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    StandInWorker.made.push(this);
    if (StandInWorker.failing) {
      setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })));
      return;
    }
    // What the worker runs, on a scope whose replies come back through this stand-in.
    const scope = new EventTarget();
    const postMessage = (data: unknown) =>
      this.replies.push(() => this.dispatchEvent(new MessageEvent('message', { data })));
    answerQuestions(Object.assign(scope, { postMessage }) as unknown as QuestionScope);
    this.onQuestion = (data) => scope.dispatchEvent(new MessageEvent('message', { data }));
  }

  postMessage(data: unknown) {
    this.sent.push(data);
    // Structured clone, as a real worker's messages are: nothing is shared with the page.
    this.onQuestion?.(structuredClone(data));
  }

  /** Sends the replies so far, the newest first when `reversed`. */
  async deliver({ reversed = false } = {}) {
    await vi.waitFor(() => expect(this.replies.length).toBe(this.sent.length));
    const replies = this.replies.splice(0);
    for (const reply of reversed ? replies.reverse() : replies) reply();
  }

  terminate() {}
}

/** The client in modules of its own, with this file's Worker. (Not `return api`: a promise would take it for a thenable.) */
async function freshClient() {
  vi.resetModules();
  vi.stubGlobal('Worker', StandInWorker);
  return import('./index.ts');
}

describe('the answers checked in a worker', () => {
  beforeEach(() => {
    StandInWorker.made = [];
    StandInWorker.failing = false;
  });
  afterEach(() => {
    transport.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts one module worker and gives each call its own parsed answer, whatever order the replies come in', async () => {
    const { api } = await freshClient();
    transport.mockImplementation(async (name) =>
      name === 'readLimit'
        ? { ...limit, internalNote: 'não é do contrato' }
        : {
            usuario: 'Maria',
            login: 'maria',
            primeiroAcesso: false,
            companies: [],
            segundoFator: 'NENHUM',
            token: 't',
          },
    );
    const first = api.readLimit(limitCall);
    const second = api.login({ body: { login: 'maria', senha: 'segredo' } });
    await vi.waitFor(() => expect(StandInWorker.made[0]?.sent).toHaveLength(2));
    const [worker] = StandInWorker.made;
    expect(StandInWorker.made).toHaveLength(1);
    expect(String(worker?.url)).toContain('answers.worker');
    expect(worker?.options).toMatchObject({ type: 'module', name: 'fidis-answers' });

    await worker?.deliver({ reversed: true });
    await expect(first).resolves.toEqual(limit);
    await expect(second).resolves.toEqual({
      usuario: 'Maria',
      login: 'maria',
      primeiroAcesso: false,
      companies: [],
      segundoFator: 'NENHUM',
    });
  });

  it('refuses an answer the worker finds off the contract with the 502 BAD_RESPONSE of the page', async () => {
    const { api } = await freshClient();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { availableLimit: 1500 };
    transport.mockResolvedValue(broken);
    const answer = api.readLimit(limitCall).catch((e: unknown) => e);
    await vi.waitFor(() => expect(StandInWorker.made[0]?.sent).toHaveLength(1));
    await StandInWorker.made[0]?.deliver();
    expectOffContract(await answer, broken, warn, 'readLimit');
  });

  it('checks on the page what waited, and what comes after, when the worker script does not load', async () => {
    StandInWorker.failing = true;
    const { api } = await freshClient();
    transport.mockResolvedValue(limit);
    await expect(api.readLimit(limitCall)).resolves.toEqual(limit);
    await expect(api.readLimit(limitCall)).resolves.toEqual(limit);
    expect(StandInWorker.made).toHaveLength(1);
    expect(StandInWorker.made[0]?.sent).toHaveLength(1);
  });
});
