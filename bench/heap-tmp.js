const t0 = process.memoryUsage().heapUsed;
const mods = process.argv.slice(2);
const before = new Set(Object.keys(require.cache));
for (const m of mods) require(m);
global.gc(); 
console.log(mods.join(','), ((process.memoryUsage().heapUsed - t0)/1e6).toFixed(1), 'MB', Object.keys(require.cache).length, 'modules');
const by = {};
for (const k of Object.keys(require.cache)) { const m = k.match(/node_modules\/((@[^/]+\/)?[^/]+)/); const key = m ? m[1] : k.replace(/^\/work\/main\//,'').split('/').slice(0,2).join('/'); by[key]=(by[key]||0)+1; }
console.log(JSON.stringify(by));
