const { spawn } = require('child_process');
const child = spawn(process.execPath, [__dirname + '/fixtures/cancel-log-server.js'], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.on('data', (d) => { process.stderr.write('[in] ' + d.toString().slice(0,120) + '\n'); child.stdin.write(d); });
process.stdin.on('end', () => child.stdin.end());
child.stdout.on('data', (d) => { process.stderr.write('[out] ' + d.toString().slice(0,120)+'\n'); process.stdout.write(d); });
child.on('exit', () => process.exit(0));
