# The README's first command (npm start).
npm start > /tmp/toolwright-start.log 2>&1 || { cat /tmp/toolwright-start.log; exit 1; }
tail -n 5 /tmp/toolwright-start.log
