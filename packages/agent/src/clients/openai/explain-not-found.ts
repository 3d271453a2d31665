import { ModelError } from '../../model/model-error';

/**
 * A 404 from an OpenAI-compatible server, worded for the usual cause: a base URL without the API
 * root (`http://localhost:11434` where the server answers at `http://localhost:11434/v1`). Names
 * the URL tried and, when the base URL does not end in a version segment, suggests `/v1`. Any
 * other failure is returned as it is.
 */
export function explainNotFound(failure: unknown, baseUrl: string, url: string): unknown {
  if (!ModelError.is(failure) || failure.kind !== 'http' || failure.status !== 404) return failure;
  const hint = /\/v\d+[a-z]*$/i.test(baseUrl)
    ? `Check the base URL (${baseUrl}) and the model name.`
    : `OpenAI-compatible servers usually answer under /v1: try the base URL ${baseUrl}/v1 (OPENAI_BASE_URL or { baseUrl }).`;
  return new ModelError('http', `${failure.message} (POST ${url}). ${hint}`, {
    status: 404,
    retryable: failure.retryable,
    ...(failure.code === undefined ? {} : { code: failure.code }),
    ...(failure.attempts === undefined ? {} : { attempts: failure.attempts }),
    cause: failure,
  });
}
