/**
 * The console's Journal pane: an empty table and its filters, filled live by ./browser/journal.ts
 * from `GET /__mock/journal/stream` (the requests the mock received, each with the readings it
 * played, as `X-Mock-Readings` names them; not the console's own), with a button per row that
 * shows its request and response. The page keeps it in view beside the unknowns.
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { SPEC_OPERATIONS } from '../http/operations.js';
import { Table } from './table.js';

export function JournalPanel() {
  return (
    <section id="journal" aria-labelledby="journal-title">
      <h2 id="journal-title">Journal</h2>
      <form class="filters" id="journal-filters">
        <label for="filter-operation">Operation</label>{' '}
        <select id="filter-operation" name="operation">
          <option value="">any</option>
          {SPEC_OPERATIONS.map(({ operationId }) => (
            <option value={operationId}>{operationId}</option>
          ))}
        </select>{' '}
        <label for="filter-status">Status</label>{' '}
        <select id="filter-status" name="status">
          <option value="">any</option>
          <option value="2">2xx</option>
          <option value="3">3xx</option>
          <option value="4">4xx</option>
          <option value="5">5xx</option>
        </select>
      </form>
      <Table
        caption="Requests the mock received, newest first"
        columns={['bodies', 'time', 'request (operation)', 'status', 'readings played']}
        body="journal-rows"
      />
    </section>
  );
}
