// What the answers' worker does (decision 153): each message { id, name, data } is checked against the contract and
// answered { id } with what checkAnswer said. Apart from the worker's entry (answers.worker.ts) so that the web tests
// run it on a stand-in scope.
import type { EndpointName } from '../../contracts/contract.ts';
import { checkAnswer } from './check-answer.ts';

interface Question {
  id: number;
  name: EndpointName;
  data: unknown;
}

/** The part of a worker's global scope used here. */
export interface QuestionScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<Question>) => void): void;
  postMessage(reply: unknown): void;
}

export function answerQuestions(scope: QuestionScope): void {
  scope.addEventListener('message', (event) => {
    const { id, name, data } = event.data;
    let reply: object;
    try {
      reply = { id, ...checkAnswer(name, data) };
    } catch (error) {
      // A refinement that throws is the contract's bug; the page still hears back, as a failed check.
      reply = { id, ok: false, issues: [String(error)] };
    }
    scope.postMessage(reply);
  });
}
