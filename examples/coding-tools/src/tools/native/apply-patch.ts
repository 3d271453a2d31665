import { Param, Tool } from '@toolwright/core';
import { inject } from '@toolwright/resources';
import { applyPatch, describePatch, type PatchResult } from '../../files/apply-patch';
import { PATCH_FORMAT_HINT } from '../../files/parse-patch';
import { Workspace } from '../../workspace/workspace';

/** Arguments of apply_patch. */
export class ApplyPatchArgs {
  @Param({ description: 'The whole patch, from "*** Begin Patch" to "*** End Patch"', minLength: 1 })
  input!: string;
}

/**
 * apply_patch (toolwright's namespace): edits files with codex's patch format. An alternative editor
 * to edit: `createCodingRegistry` declares the two exclusive, so register this one instead of edit
 * (and search_replace, which needs edit), not beside it.
 */
@Tool({
  name: 'apply_patch',
  description: `Add, change, move and delete files with a patch. All changes apply, or none.\n${PATCH_FORMAT_HINT}`,
  kind: 'patch',
  readOnly: false,
  annotations: { destructive: true },
  args: ApplyPatchArgs,
})
export class ApplyPatch {
  constructor(@inject(Workspace) private readonly workspace: Workspace) {}

  run(args: ApplyPatchArgs): Promise<PatchResult> {
    return applyPatch(this.workspace, args.input);
  }

  toContent(result: PatchResult): string {
    return describePatch(result);
  }
}
