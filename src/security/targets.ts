// What the security suites aim at: a company's resources built for the suite, and for every endpoint
// of the catalogue a well-formed request naming them. The cross-company matrix sends these requests with an
// operator of another company; the fuzz mutates them for an operator of the company itself.
export * from './aimed-calls.ts';
export * from './seeded-target.ts';
