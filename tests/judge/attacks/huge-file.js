/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const fs = require('fs');
const fd = fs.openSync('/tmp/huge', 'w');
for (let i = 0; i < 4096; i++) fs.writeSync(fd, Buffer.alloc(1024 * 1024, 120));
console.log('wrote 4 GiB');
