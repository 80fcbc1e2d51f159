/**
 * The console's Webhooks and Faults panels: webhook targets (register, remove), the latest
 * deliveries, the given-up events with a redeliver button (`/__mock/webhooks/…`), and the fault
 * rules (`/__mock/faults`: add one as JSON, remove one). ./browser/state.ts fills the tables.
 */
// The JSX runtime, for any transformer that runs this source without the package's tsconfig (tsx from another folder).
/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
import { Table } from './table.js';

export function WebhooksPanel() {
  return (
    <section id="webhooks" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <form id="target-form" class="filters">
        <label for="target-url">Receiver URL</label>{' '}
        <input id="target-url" name="url" type="url" required placeholder="http://127.0.0.1:3000/hooks" />{' '}
        <button type="submit">Register</button>
      </form>
      <h3>Targets</h3>
      <Table caption="Registered webhook targets" columns={['id', 'url', 'action']} body="target-rows" />
      <h3>Given up</h3>
      <Table
        caption="Webhook events given up after their retries"
        columns={['event id', 'event', 'video', 'target', 'attempts', 'action']}
        body="given-up-rows"
      />
      <h3>Latest deliveries</h3>
      <Table
        caption="The latest 50 delivery attempts, newest first"
        columns={['time', 'event', 'video', 'target', 'attempt', 'answer']}
        body="delivery-rows"
      />
    </section>
  );
}

export function FaultsPanel() {
  return (
    <section id="faults" aria-labelledby="faults-title">
      <h2 id="faults-title">Faults</h2>
      <form id="fault-form" class="filters">
        <label for="fault-rule">Rule (JSON)</label>{' '}
        <input
          id="fault-rule"
          name="rule"
          size={60}
          value='{"route":"getVideo","errorRate":1,"errorStatus":503}'
        />{' '}
        <button type="submit">Add rule</button>{' '}
        <a href="__mock/openapi.json">the rules the admin API accepts</a>
      </form>
      <Table caption="Fault rules in force" columns={['rule', 'action']} body="fault-rows" />
    </section>
  );
}
