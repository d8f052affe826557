/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const chunks = [];
for (;;) chunks.push(Buffer.alloc(16 * 1024 * 1024, 1));
