import type { JsonSchema } from '@toolwright/core';
import { TOOL_KINDS } from '../taxonomy/tool-kind';
import { TOOL_NAMESPACES } from '../taxonomy/tool-namespace';
import { RAW_INPUT_LIMIT, RAW_INPUT_MAX_KEY_LENGTH } from './bound-raw-input';
import { ENVELOPE_INPUT_ALIASES, ENVELOPE_STRING_LIMIT } from './project-envelope-input';
import { TOOL_ENVELOPE_VERSION } from './tool-envelope';

/**
 * The JSON Schema (draft-07) of the `toolwright/tool` envelope, generated from the code; the checked-in
 * `schemas/tool-envelope.schema.json` must equal it. `kind` lists the known kinds but admits new ones
 * (readers map them to `other`); `namespace` is closed.
 */
export function toolEnvelopeSchema(): JsonSchema {
  const inputProperties: Record<string, unknown> = {};
  for (const key of Object.keys(ENVELOPE_INPUT_ALIASES)) {
    inputProperties[key] = { type: 'string', maxLength: ENVELOPE_STRING_LIMIT };
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `https://toolwright.dev/schemas/tool-envelope/v${TOOL_ENVELOPE_VERSION}.schema.json`,
    title: 'toolwright/tool',
    description:
      'The toolwright/tool metadata envelope: how to display and classify a tool call whatever dialect the tool speaks.',
    type: 'object',
    properties: {
      version: {
        type: 'integer',
        minimum: 1,
        description: `The format version; this code writes ${TOOL_ENVELOPE_VERSION}.`,
      },
      name: { type: 'string', minLength: 1, maxLength: 64, description: 'The registered tool name.' },
      kind: {
        description: 'The semantic kind; readers map a kind they do not know to other.',
        anyOf: [{ enum: [...TOOL_KINDS] }, { type: 'string', pattern: '^[a-z][a-z0-9_]*$' }],
      },
      label: { type: 'string', minLength: 1, description: 'The display label of the kind.' },
      namespace: { enum: [...TOOL_NAMESPACES], description: 'The tool family; a closed set.' },
      readOnly: { type: 'boolean', description: 'Whether calls only observe.' },
      input: {
        type: 'object',
        description: 'The small cross-dialect part of the call input; never file contents or edit payloads.',
        properties: inputProperties,
        additionalProperties: false,
      },
      rawInput: {
        type: 'object',
        description: `Since version 2: the call input bounded for display (at most ${RAW_INPUT_LIMIT} characters of JSON, strings of at most ${ENVELOPE_STRING_LIMIT} on one line), only when no input key projects and the kind carries no payload; never file contents or edit payloads.`,
        propertyNames: { maxLength: RAW_INPUT_MAX_KEY_LENGTH },
        additionalProperties: { $ref: '#/definitions/rawValue' },
      },
    },
    required: ['version', 'name', 'kind', 'label', 'namespace', 'readOnly'],
    additionalProperties: false,
    definitions: {
      rawValue: {
        anyOf: [
          { type: 'string', maxLength: ENVELOPE_STRING_LIMIT, pattern: '^[^\\n\\r]*$' },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'null' },
          { type: 'array', items: { $ref: '#/definitions/rawValue' } },
          {
            type: 'object',
            propertyNames: { maxLength: RAW_INPUT_MAX_KEY_LENGTH },
            additionalProperties: { $ref: '#/definitions/rawValue' },
          },
        ],
      },
    },
  };
}
