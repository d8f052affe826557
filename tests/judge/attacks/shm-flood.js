/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
const fs = require('fs');
try {
  const fd = fs.openSync('/dev/shm/flood', 'w');
  for (let i = 0; i < 256; i++) fs.writeSync(fd, Buffer.alloc(1024 * 1024, 120));
  console.log('flooded');
} catch {
  console.log('blocked');
}
