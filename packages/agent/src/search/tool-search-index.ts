import type { RegisteredTool } from '@toolwright/registry';
import { searchTerms } from './search-terms';

// How much a term counts by where it appears: a name says most about a tool, then its kind and its
// argument names, then the prose of its description.
const NAME_WEIGHT = 3;
const KIND_WEIGHT = 2;
const PARAMETER_WEIGHT = 2;
const DESCRIPTION_WEIGHT = 1;
// BM25's usual constants: term-frequency saturation and length normalization.
const K1 = 1.2;
const B = 0.75;

/** One search hit: the tool and its score (higher is better). */
export interface ToolSearchHit {
  readonly tool: RegisteredTool;
  readonly score: number;
}

interface Document {
  readonly tool: RegisteredTool;
  readonly frequencies: ReadonlyMap<string, number>;
  readonly length: number;
}

/**
 * BM25 over tools: each tool is a document of its name, kind (and its label), argument names and
 * description, weighted by field. A query equal to a tool's name puts that tool first; equal scores
 * keep registration order. Built once per tool set.
 */
export class ToolSearchIndex {
  readonly #documents: readonly Document[];
  readonly #documentFrequency = new Map<string, number>();
  readonly #averageLength: number;

  constructor(tools: readonly RegisteredTool[]) {
    this.#documents = tools.map(documentOf);
    let total = 0;
    for (const document of this.#documents) {
      total += document.length;
      for (const term of document.frequencies.keys())
        this.#documentFrequency.set(term, (this.#documentFrequency.get(term) ?? 0) + 1);
    }
    this.#averageLength = this.#documents.length === 0 ? 1 : total / this.#documents.length || 1;
  }

  /** The tools matching `query`, best first, at most `limit`; none when no term of the query appears. */
  search(query: string, limit: number): readonly ToolSearchHit[] {
    const terms = [...new Set(searchTerms(query))];
    const exact = query.trim().toLowerCase();
    const count = this.#documents.length;
    const hits: { tool: RegisteredTool; score: number; order: number }[] = [];
    this.#documents.forEach((document, order) => {
      let score = 0;
      for (const term of terms) {
        const frequency = document.frequencies.get(term);
        if (frequency === undefined) continue;
        const df = this.#documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
        const norm = K1 * (1 - B + (B * document.length) / this.#averageLength);
        score += (idf * frequency * (K1 + 1)) / (frequency + norm);
      }
      if (document.tool.name.toLowerCase() === exact) score += 1000;
      if (score > 0) hits.push({ tool: document.tool, score, order });
    });
    hits.sort((left, right) => right.score - left.score || left.order - right.order);
    return hits.slice(0, limit).map(({ tool, score }) => ({ tool, score }));
  }
}

function documentOf(tool: RegisteredTool): Document {
  const frequencies = new Map<string, number>();
  let length = 0;
  const add = (text: string, weight: number): void => {
    for (const term of searchTerms(text)) {
      frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
      length += weight;
    }
  };
  add(tool.name, NAME_WEIGHT);
  add(`${tool.kind} ${tool.label}`, KIND_WEIGHT);
  add(tool.parameters.join(' '), PARAMETER_WEIGHT);
  add(tool.description, DESCRIPTION_WEIGHT);
  return { tool, frequencies, length };
}
