// One access line per request, with its outcome, instead of Fastify's two ("incoming request", "request
// completed"): on the hot path of both servers the second line cost as much as the work it reported (decision 33,
// issue 17). Each server says what its line adds (the BFF the refusal's code or the endpoint forwarded, the provider
// the contract's endpoint). A request that failed keeps Fastify's own error line.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class OneLineAccessLog extends LogController {
  constructor(private readonly fieldsOf: (request: FastifyRequest) => object | null | undefined = () => null) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime, ...this.fieldsOf(request) },
      'request completed',
    );
  }
}
