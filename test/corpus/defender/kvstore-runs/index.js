// The Defender key-value store across runs; sends nothing.
const { KeyValueStoreClient } = require('defender-kvstore-client');

async function handler(event) {
  const store = new KeyValueStoreClient(event);
  const runs = Number((await store.get('runs')) ?? '0') + 1;
  await store.put('runs', String(runs));
  await store.put('scratch', 'temporary');
  await store.del('scratch');
  await store.put('last', event.autotaskRunId);
  return `run ${runs}`;
}

module.exports = { handler };
