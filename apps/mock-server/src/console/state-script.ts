/**
 * The part of the console's client script that shows the mock's state, every two seconds and after
 * each action: the clock and the videos (`GET /__mock/videos`), webhook targets, deliveries and
 * given-up events with a redeliver button, fault rules with a remove button. A table is redrawn
 * only when its data changed, so a focused button stays focused. Runs inside console-script.ts's
 * function (its `admin`, `act`, `say` and `cell`, and player-script.ts's `play`).
 */
export const STATE_SCRIPT = `  const drawn = new Map();
  function draw(id, data, toRow) {
    const text = JSON.stringify(data);
    if (drawn.get(id) === text) return;
    drawn.set(id, text);
    document.getElementById(id).replaceChildren(...data.map((item, index) => {
      const tr = document.createElement('tr');
      tr.append(...toRow(item, index));
      return tr;
    }));
  }
  function button(label, onClick) {
    const td = document.createElement('td');
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    td.append(b);
    return td;
  }
  const query = (pairs) => new URLSearchParams(pairs).toString();
  async function showState() {
    const [{ videos }, clock, { targets }, { deliveries }, { givenUp }, { rules }] = await Promise.all([
      admin('videos'), admin('clock'), admin('webhooks'), admin('webhooks/deliveries'),
      admin('webhooks/given-up'), admin('faults'),
    ]);
    document.getElementById('clock-now').textContent =
      clock.iso + (clock.realTime ? ' (real time)' : ' (moves when advanced)');
    draw('video-rows', videos, (item) => [cell(item.key), cell(item.video.title || ''),
      cell(item.phase, 'phase'), cell(JSON.stringify(item.video), 'readings'),
      item.phase === 'ready' ? button('Play ' + item.key, () => play(item.key)) : cell('')]);
    draw('target-rows', targets, (target) => [cell(target.id), cell(target.url),
      button('Remove ' + target.id, () => act('webhooks/' + encodeURIComponent(target.id), 'DELETE', undefined, 'Target removed.'))]);
    draw('delivery-rows', deliveries.slice(-50).reverse(), (d) => [cell(d.at), cell(d.event), cell(d.videoKey),
      cell(d.targetId), cell(String(d.attempt)), cell(d.status !== undefined ? String(d.status) : d.error || '')]);
    draw('given-up-rows', givenUp, (g) => [cell(g.eventId), cell(g.event), cell(g.videoKey), cell(g.targetId),
      cell(String(g.attempts)), button('Redeliver ' + g.eventId,
        () => act('webhooks/given-up/redeliver?' + query({ eventId: g.eventId, targetId: g.targetId }), 'POST', undefined, 'Redelivering ' + g.eventId + '.'))]);
    draw('fault-rows', rules, (rule, index) => [cell(JSON.stringify(rule), 'readings'),
      button('Remove rule ' + (index + 1), () => act('faults', 'PUT', rules.filter((_, i) => i !== index), 'Fault rule removed.'))]);
  }
  async function pollState() {
    try {
      await showState();
    } catch (error) {
      say(error.message, true);
    } finally {
      setTimeout(pollState, 2000);
    }
  }
`;
