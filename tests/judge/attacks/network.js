/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const net = require('net');
const targets = [
  ['127.0.0.1', 5432],
  ['127.0.0.1', 80],
  ['192.0.2.1', 80],
];
Promise.all(
  targets.map(
    ([host, port]) =>
      new Promise((resolve) => {
        try {
          const s = net.connect({ host, port, timeout: 2000 });
          s.on('connect', () => {
            s.destroy();
            resolve('connected');
          });
          s.on('error', () => resolve('blocked'));
          s.on('timeout', () => {
            s.destroy();
            resolve('blocked');
          });
        } catch {
          resolve('blocked');
        }
      }),
  ),
).then((r) => console.log(r.every((x) => x === 'blocked') ? 'blocked' : r.join(' ')));
