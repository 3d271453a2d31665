import path from 'node:path';
import type { ts } from 'typescript-json-schema';

/** Where a tool's args class was found in the program, or why it could not be. */
export type ArgsClassLookup =
  | { readonly found: ts.ClassDeclaration }
  /** The tool takes no arguments (no args class, or `NoArguments`). */
  | { readonly none: true }
  | { readonly unchecked: string };

/** How a tool was declared, from its definition's `source`. */
export interface ToolSourceRef {
  readonly toolName: string;
  readonly className: string;
  readonly methodName?: string;
}

/**
 * Finds the args class of a tool in a TypeScript program: the class declaration named
 * `source.className` (preferring one whose `@Tool` names this tool; ambiguity is reported), then
 * its `@Tool({ args })` class, else the type of the tool method's first parameter.
 */
export function findArgsClass(
  typescript: typeof ts,
  program: ts.Program,
  source: ToolSourceRef,
): ArgsClassLookup {
  const checker = program.getTypeChecker();
  const candidates = classesNamed(typescript, program, source.className);
  if (candidates.length === 0) {
    return {
      unchecked: `no class ${source.className} in the program (is the tsconfig the one of the module's sources?)`,
    };
  }
  // Sources before declaration files: the same class may be seen both ways.
  const sources = candidates.filter((candidate) => !candidate.getSourceFile().isDeclarationFile);
  const pool = sources.length > 0 ? sources : candidates;
  const naming = pool.filter((candidate) => toolDecorator(typescript, candidate, source) !== undefined);
  const chosen = naming.length > 0 ? naming : pool;
  if (chosen.length > 1) {
    const files = chosen.map((candidate) => location(typescript, candidate)).join(', ');
    return {
      unchecked: `ambiguous: ${chosen.length} classes named ${source.className} (${files}); give them distinct names`,
    };
  }
  const declaration = chosen[0]!;
  const options = toolDecorator(typescript, declaration, source);
  const argsExpression = options === undefined ? undefined : propertyValue(typescript, options, 'args');
  if (argsExpression !== undefined) {
    if (typescript.isIdentifier(argsExpression) && argsExpression.text === 'NoArguments')
      return { none: true };
    const found = classOfSymbol(typescript, checker, checker.getSymbolAtLocation(argsExpression));
    return found === undefined
      ? { unchecked: `cannot resolve @Tool({ args: ${argsExpression.getText()} }) to a class` }
      : { found };
  }
  const methodName = source.methodName ?? 'run';
  const method = declaration.members.find(
    (member): member is ts.MethodDeclaration =>
      typescript.isMethodDeclaration(member) && member.name.getText() === methodName,
  );
  if (method === undefined)
    return { unchecked: `${source.className}.${methodName} is not declared in the class itself` };
  const first = method.parameters[0];
  if (first === undefined) return { none: true };
  if ((typescript.getDecorators(first) ?? []).length > 0) {
    return { unchecked: 'its arguments are @Param method parameters (only args classes are compared)' };
  }
  const type = checker.getTypeAtLocation(first);
  const found = classOfSymbol(typescript, checker, type.getSymbol());
  // A first parameter that is not a class (the ToolCallContext interface): the tool takes no arguments.
  return found === undefined ? { none: true } : { found };
}

/** `file:line` of a node, relative to the program's directory. */
export function location(
  typescript: typeof ts,
  node: ts.Node,
  baseDirectory: string = process.cwd(),
): string {
  const file = node.getSourceFile();
  const { line } = typescript.getLineAndCharacterOfPosition(file, node.getStart(file));
  const relative = path.relative(baseDirectory, file.fileName);
  return `${relative.startsWith('..') ? file.fileName : relative}:${line + 1}`;
}

function classesNamed(typescript: typeof ts, program: ts.Program, name: string): ts.ClassDeclaration[] {
  const found: ts.ClassDeclaration[] = [];
  for (const file of program.getSourceFiles()) {
    if (program.isSourceFileDefaultLibrary(file) || file.fileName.includes('/node_modules/')) continue;
    if (!file.text.includes(name)) continue;
    const visit = (node: ts.Node): void => {
      if (typescript.isClassDeclaration(node) && node.name?.text === name) found.push(node);
      else if (
        typescript.isModuleDeclaration(node) ||
        typescript.isModuleBlock(node) ||
        typescript.isSourceFile(node)
      ) {
        typescript.forEachChild(node, visit);
      }
    };
    visit(file);
  }
  return found;
}

/** The options object of the `@Tool({ name: … })` that declares this tool, on the class or on its method. */
function toolDecorator(
  typescript: typeof ts,
  declaration: ts.ClassDeclaration,
  source: ToolSourceRef,
): ts.ObjectLiteralExpression | undefined {
  const holders: ts.Node[] = [declaration];
  for (const member of declaration.members) {
    if (typescript.isMethodDeclaration(member) && member.name.getText() === source.methodName)
      holders.push(member);
  }
  for (const holder of holders) {
    if (!typescript.canHaveDecorators(holder)) continue;
    for (const decorator of typescript.getDecorators(holder) ?? []) {
      const call = decorator.expression;
      if (!typescript.isCallExpression(call)) continue;
      const callee = call.expression;
      const calleeName = typescript.isIdentifier(callee)
        ? callee.text
        : typescript.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (calleeName !== 'Tool') continue;
      const options = call.arguments[0];
      if (options === undefined || !typescript.isObjectLiteralExpression(options)) continue;
      const name = propertyValue(typescript, options, 'name');
      if (name !== undefined && typescript.isStringLiteralLike(name) && name.text === source.toolName)
        return options;
    }
  }
  return undefined;
}

function propertyValue(
  typescript: typeof ts,
  object: ts.ObjectLiteralExpression,
  key: string,
): ts.Expression | undefined {
  for (const property of object.properties) {
    if (typescript.isPropertyAssignment(property) && property.name.getText() === key)
      return property.initializer;
    if (typescript.isShorthandPropertyAssignment(property) && property.name.text === key)
      return property.name;
  }
  return undefined;
}

function classOfSymbol(
  typescript: typeof ts,
  checker: ts.TypeChecker,
  symbol: ts.Symbol | undefined,
): ts.ClassDeclaration | undefined {
  let target = symbol;
  if (target !== undefined && (target.flags & typescript.SymbolFlags.Alias) !== 0)
    target = checker.getAliasedSymbol(target);
  return target?.declarations?.find((declaration): declaration is ts.ClassDeclaration =>
    typescript.isClassDeclaration(declaration),
  );
}
