/** The error of typed custom fields: every field that was wrong, what was expected and what came. */
import { InputError } from '../errors.js';

export interface FieldIssue {
  field: string;
  expected: string;
  got: string;
}

/**
 * Thrown by `defineCustomFields` when a value does not have its field's kind: on write before
 * anything is sent, on read when the server holds a value of another form.
 */
export class CustomFieldError extends InputError {
  override name = 'CustomFieldError';
  readonly issues: readonly FieldIssue[];
  constructor(issues: FieldIssue[], direction: 'read' | 'write' | 'define' = 'define') {
    const list = issues
      .map((issue) => `"${issue.field}": expected ${issue.expected}, got ${issue.got}`)
      .join('; ');
    super(
      `custom field${issues.length > 1 ? 's' : ''} ${direction === 'read' ? 'read from the server ' : ''}not valid: ${list}`,
    );
    this.issues = issues;
  }
}
