// docs/openapi.json is the generator's output for the contract as committed, and a well-formed OpenAPI 3.1 document:
// path parameters declared, operation ids unique, every answer described with a schema, every refusal listed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
// Fastify's own JSON Schema validator (a dependency of fastify), used here to compile every schema as draft 2020-12.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { type Contract, contract } from './contract.ts';
import { errors } from './errors.ts';
import { openApiDocument } from './openapi.ts';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: object;
}
interface Response {
  description?: string;
  content?: Record<string, { schema?: object }>;
}
interface Operation {
  operationId: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation | unknown>>;
  components: { securitySchemes: Record<string, object> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const doc = openApiDocument() as unknown as Document;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op: op as Operation })),
);
const operationOf = (name: string) => operations.find((o) => o.op.operationId === name);

describe('docs/openapi.json', () => {
  it('is what the generator makes of the contract now', () => {
    const committed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../docs/openapi.json'), 'utf8'));
    // Compared as text, so the keys' order counts too; the message names what changed rather than a long diff.
    const changed = [...new Set([...Object.keys(committed.paths ?? {}), ...Object.keys(doc.paths)])].filter(
      (path) => JSON.stringify(committed.paths?.[path]) !== JSON.stringify(doc.paths[path]),
    );
    const stale = `docs/openapi.json is stale (${changed.join(', ') || 'outside paths'}): run \`npm run openapi\``;
    expect(JSON.stringify(committed) === JSON.stringify(doc), stale).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a title and a version', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
  });

  it('has one operation per contract entry, at its method and path, plus the BFF routes', () => {
    const entries = Object.values(contract) as Contract[];
    expect(operations).toHaveLength(entries.length + 4);
    for (const c of entries) {
      const found = operationOf(c.name);
      expect(found, c.name).toBeDefined();
      expect(found?.method).toBe(c.method.toLowerCase());
      // A path that differs only in a parameter's name is the same OpenAPI path.
      expect(found?.path.replace(/\{\w+\}/g, '{}')).toBe(c.path.replace(/\{\w+\}/g, '{}'));
    }
    for (const [method, path] of [
      ['get', '/keys'],
      ['post', '/devices'],
      ['post', '/proxy'],
      ['get', '/health'],
    ]) {
      expect(operations.some((o) => o.method === method && o.path === path && o.op.tags?.includes('bff'))).toBe(true);
    }
  });

  it('has unique operation ids', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every path parameter of every path, and none that the path lacks', () => {
    for (const { path, method, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
      for (const p of declared) expect(p.required, `${method} ${path} ${p.name}`).toBe(true);
    }
  });

  it('has no two paths of the same shape', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{\w+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
  });

  it('names each parameter once per location, headers in lower case, each with a schema', () => {
    for (const { path, method, op } of operations) {
      const keys = (op.parameters ?? []).map((p) => `${p.in}:${p.name}`);
      expect(new Set(keys).size, `${method} ${path}`).toBe(keys.length);
      for (const p of op.parameters ?? []) {
        expect(['path', 'header', 'query', 'cookie']).toContain(p.in);
        expect(p.schema, `${method} ${path} ${p.name}`).toBeDefined();
        if (p.in === 'header') expect(p.name).toBe(p.name.toLowerCase());
      }
    }
  });

  it('describes every answer, with a JSON schema unless it has no body', () => {
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(response.description, `${method} ${path} ${status}`).toBeTruthy();
        if (status === '204') continue;
        expect(response.content?.['application/json']?.schema, `${method} ${path} ${status}`).toBeDefined();
      }
      if (op.requestBody) expect(op.requestBody.content['application/json']?.schema).toBeDefined();
    }
  });

  it('lists each refusal of the contract under its status, with its code', () => {
    for (const c of Object.values(contract) as Contract[]) {
      const op = operationOf(c.name)?.op;
      for (const code of c.errors ?? []) {
        const response = op?.responses[String(errors[code].status)];
        expect(response?.description, `${c.name} ${code}`).toContain(`\`${code}\``);
        expect(JSON.stringify(response?.content), `${c.name} ${code}`).toContain(`"${code}"`);
      }
    }
  });

  it('asks for the bearer on every provider route but the public ones, with schemes that exist', () => {
    for (const c of Object.values(contract) as Contract[]) {
      const security = operationOf(c.name)?.op.security;
      expect(security === undefined, c.name).toBe(c.public === true);
    }
    for (const { op } of operations) {
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
      }
    }
  });

  it('holds only valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas = operations.flatMap(({ op }) => [
      ...(op.parameters ?? []).map((p) => p.schema),
      ...Object.values(op.requestBody?.content ?? {}).map((m) => m.schema),
      ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((m) => m.schema)),
    ]);
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow();
  });
});
