// The answers' worker (decision 153): builds the contract's schemas and checks each answer off the page's main thread.
import { answerQuestions, type QuestionScope } from './answer-questions.ts';

answerQuestions(self as unknown as QuestionScope);
