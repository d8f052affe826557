/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const { Worker } = require('worker_threads');
for (;;) {
  try {
    new Worker('setInterval(() => {}, 1000)', { eval: true }).on('error', () => {});
  } catch {}
}
