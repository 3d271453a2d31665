import type { ValidationError, ValidatorOptions } from 'class-validator';
import { classValidator } from '../internal/class-validator';
import type { ArgsModel, PropertyModel } from '../model/args-model';
import type { DecodeContext, PendingValidation } from './decode-context';
import { describeProperty } from './describe-expected';
import { appendPath, formatPath } from './json-path';
import { describeReceived, type ArgumentIssue } from './tool-error-adapter';

/** How class-validator runs on instances the compiled decoder built (R7 in docs/reliability.md). */
export const CLASS_VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
});

/** What class-validator must still check on a model's instances, and whether that is async. */
interface ResidualPlan {
  /** Per instance property: the constraint names (class-validator error keys) left to class-validator. */
  readonly constraints: ReadonlyMap<string, ReadonlySet<string>>;
  readonly properties: ReadonlyMap<string, PropertyModel>;
  readonly async: boolean;
}

const plans = new WeakMap<ArgsModel, ResidualPlan>();

/**
 * The residual plan of a model. class-validator runs every decorator of the class, but only the
 * verdicts of the residual validators count: the others were already checked by the compiled
 * decoder, on the values as received (before a documented coercion, `null`-for-optional, or code
 * point string lengths), and the two must not disagree.
 */
export function residualPlanOf(model: ArgsModel): ResidualPlan {
  let plan = plans.get(model);
  if (plan !== undefined) return plan;
  const storage = classValidator().getMetadataStorage();
  const constraints = new Map<string, Set<string>>();
  let async = false;
  for (const property of model.properties) {
    const names = new Set<string>();
    for (const validator of property.residualValidators) {
      const constraintMetadata = validator.constraintCls
        ? storage.getTargetValidatorConstraints(validator.constraintCls)
        : [];
      if (constraintMetadata.length === 0) names.add(validator.type);
      for (const constraint of constraintMetadata) {
        names.add(constraint.name || validator.type);
        if (constraint.async) async = true;
      }
    }
    if (names.size > 0) constraints.set(property.property, names);
  }
  plan = { constraints, properties: new Map(model.properties.map((p) => [p.property, p])), async };
  plans.set(model, plan);
  return plan;
}

/** Runs class-validator synchronously on every pending instance, adding its issues to the context. */
export function validatePendingSync(context: DecodeContext, pending: readonly PendingValidation[]): void {
  for (const item of pending) {
    context.addIssues(toIssues(classValidator().validateSync(item.instance, CLASS_VALIDATOR_OPTIONS), item));
  }
}

/** Runs class-validator (async validators included) on every pending instance, adding its issues. */
export async function validatePendingAsync(
  context: DecodeContext,
  pending: readonly PendingValidation[],
): Promise<void> {
  const results = await Promise.all(
    pending.map((item) => classValidator().validate(item.instance, CLASS_VALIDATOR_OPTIONS)),
  );
  results.forEach((errors, index) => context.addIssues(toIssues(errors, pending[index]!)));
}

function toIssues(errors: readonly ValidationError[], item: PendingValidation): ArgumentIssue[] {
  const plan = residualPlanOf(item.model);
  const base = formatPath(item.path);
  const issues: ArgumentIssue[] = [];
  for (const error of errors) {
    // Nested instances are validated on their own (each is pending), so `children` are skipped;
    // whitelist errors cannot concern the model's input, whose unknown keys were already refused.
    const residual = plan.constraints.get(error.property);
    const property = plan.properties.get(error.property);
    if (residual === undefined || property === undefined) continue;
    for (const [constraint, message] of Object.entries(error.constraints ?? {})) {
      if (!residual.has(constraint)) continue;
      const issue = {
        path: appendPath(base, property.name),
        expected: `${describeProperty(property)} that passes ${constraint}`,
        received: describeReceived(error.value),
      };
      // A custom constraint without a default message gives ''.
      issues.push(message ? { ...issue, message } : issue);
    }
  }
  return issues;
}
