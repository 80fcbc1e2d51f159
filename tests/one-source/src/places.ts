/**
 * The place of a type error, named the way a maintainer looks for it: the file, and the top-level
 * declaration that holds the error (`file:name`), or for a top-level call such as a test's
 * `describe('…', …)`, the call and its title (`file:describe(…)`).
 */
import ts from 'typescript';

function declaredName(statement: ts.Statement): string | undefined {
  if (ts.isVariableStatement(statement)) {
    const names = statement.declarationList.declarations.map((d) => d.name.getText());
    return names.join(',');
  }
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isEnumDeclaration(statement)
  ) {
    return statement.name?.text;
  }
  if (ts.isExportAssignment(statement)) return 'default';
  return undefined;
}

function calledWithTitle(statement: ts.Statement): string | undefined {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return undefined;
  const call = statement.expression;
  const [first] = call.arguments;
  const title = first !== undefined && ts.isStringLiteralLike(first) ? first.text : '';
  return `${call.expression.getText()}(${title})`;
}

/** `name` of the top-level statement of `file` at `position`, or `line N` where it has none. */
export function placeOf(file: ts.SourceFile, position: number): string {
  const statement = file.statements.find((s) => s.getStart(file) <= position && position < s.getEnd());
  const line = file.getLineAndCharacterOfPosition(position).line + 1;
  if (statement === undefined) return `line ${line}`;
  return declaredName(statement) ?? calledWithTitle(statement) ?? `line ${line}`;
}
