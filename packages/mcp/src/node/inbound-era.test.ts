import fc from 'fast-check';
import { classifyInboundRequest, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { isLegacyPost, isPlainLegacyRequest } from './inbound-era';

// What the SDK itself decides for the POST.
const sdkLegacy = (body: unknown, protocolVersion?: string, method?: string, name?: string): boolean =>
  classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: protocolVersion,
    mcpMethodHeader: method,
    mcpNameHeader: name,
    body,
  }).kind === 'legacy';

const version = fc.oneof(
  fc.constantFrom(undefined, '2025-11-25', '2025-06-18', '2024-11-05', '2026-07-28', '2027-01-01'),
  fc.constantFrom(' 2026-07-28', '2026-07-28\t', '', 'garbage', '2025-11-25 '),
  fc.string(),
);
const id = fc.oneof(fc.string(), fc.integer(), fc.constantFrom(1.5, null, true, Number.MAX_SAFE_INTEGER + 2));
const meta = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      [PROTOCOL_VERSION_META_KEY]: fc.oneof(version, fc.anything()),
      'io.modelcontextprotocol/clientInfo': fc.record({ name: fc.string(), version: fc.string() }),
      'io.modelcontextprotocol/clientCapabilities': fc.constant({}),
      progressToken: id,
      other: fc.jsonValue(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const params = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      _meta: meta,
      name: fc.string(),
      arguments: fc.dictionary(fc.string(), fc.jsonValue()),
      protocolVersion: version,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const messageLike = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constantFrom('1.0', 2, undefined)),
    id,
    method: fc.oneof(fc.constantFrom('tools/call', 'initialize', 'notifications/initialized'), fc.string()),
    params,
    result: fc.anything(),
    error: fc.record({ code: fc.integer(), message: fc.string() }),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(messageLike, fc.array(messageLike, { maxLength: 3 }), fc.anything(), fc.jsonValue());

describe('isPlainLegacyRequest', () => {
  it('is true only where the SDK classifies the POST as legacy', () => {
    fc.assert(
      fc.property(body, version, fc.option(fc.string()), fc.option(fc.string()), (b, v, m, n) => {
        if (isPlainLegacyRequest(b, v)) expect(sdkLegacy(b, v, m ?? undefined, n ?? undefined)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('decides as the SDK does, with or without the shortcut', () => {
    fc.assert(
      fc.property(body, version, fc.option(fc.string()), (b, v, m) => {
        const headers = { protocolVersion: v, method: m ?? undefined, name: undefined };
        expect(isLegacyPost(headers, b)).toBe(sdkLegacy(b, v, m ?? undefined));
      }),
      { numRuns: 3000 },
    );
  });

  it('takes the shortcut for a 2025-11-25 tools/call, and not for initialize or an envelope', () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 't', arguments: { a: 1 } } };
    expect(isPlainLegacyRequest(call, '2025-11-25')).toBe(true);
    expect(isPlainLegacyRequest(call, undefined)).toBe(true);
    expect(
      isPlainLegacyRequest(
        { ...call, params: { ...call.params, _meta: { progressToken: 1 } } },
        '2025-11-25',
      ),
    ).toBe(true);
    expect(isPlainLegacyRequest(call, '2026-07-28')).toBe(false);
    expect(isPlainLegacyRequest(call, ' 2025-11-25')).toBe(false);
    expect(isPlainLegacyRequest({ ...call, method: 'initialize' }, undefined)).toBe(false);
    const modern = {
      ...call,
      params: { ...call.params, _meta: { [PROTOCOL_VERSION_META_KEY]: '2026-07-28' } },
    };
    expect(isPlainLegacyRequest(modern, undefined)).toBe(false);
    expect(isPlainLegacyRequest([call], undefined)).toBe(false);
  });
});
