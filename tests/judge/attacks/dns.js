/* eslint-disable -- a hostile student program (CommonJS, run inside the sandbox), not project code */
require('dns').lookup('example.com', (err) => console.log(err ? 'blocked' : 'resolved'));
