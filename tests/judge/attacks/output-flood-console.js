/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const line = 'x'.repeat(1000);
for (;;) console.log(line);
