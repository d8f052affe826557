/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const fs = require('fs');
const line = 'x'.repeat(1000) + '\n';
for (;;) fs.writeSync(1, line);
