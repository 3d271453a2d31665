import type { CatalogDescriptors, ErasedCatalog } from '@toolwright/core';
import type { ToolNamespace } from '../taxonomy/tool-namespace';

/** One registered class's catalog, as the assembler found it (descriptions not yet rendered). */
export interface CatalogCandidate {
  readonly owner: Function;
  readonly namespace: ToolNamespace;
  readonly descriptors: CatalogDescriptors;
  readonly erased: ErasedCatalog;
}

/** Where the assembler puts the catalogs of the classes it builds. */
export class CatalogCandidates {
  readonly list: CatalogCandidate[] = [];

  add(candidate: CatalogCandidate): void {
    this.list.push(candidate);
  }
}
