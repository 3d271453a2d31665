/**
 * The args class of a tool that takes no arguments but whose `run(args, ctx)` needs the context:
 * `@Tool({ name: 'run_tests', args: NoArguments, … })`. Its schema is an empty object.
 */
export class NoArguments {}
