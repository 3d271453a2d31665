'use strict';
// The nginx configuration of docs/deployment.md, for tests and the bench: one endpoint at /mcp in
// front of toolwright processes on loopback. A 2025-11-25 session id starts with its owner's route
// (`toolwright serve --session-route p1` issues `p1.<uuid>`): the `map` sends such a request to that
// process, and a session whose owner is gone gets 404 (its client initializes again). Everything
// else — 2026-07-28 requests, initialize — goes round robin to any process.

/**
 * @param {{ port: number, routes: Record<string, number>, dir: string }} options
 *   `port`: where nginx listens on 127.0.0.1; `routes`: route → process port; `dir`: a directory
 *   for nginx's pid, log and temporary files (nginx runs in the foreground, unprivileged).
 * @returns {string} the configuration file's text
 */
function nginxMcpConfig({ port, routes, dir }) {
  const servers = Object.values(routes)
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=1s;`)
    .join('\n');
  const owners = Object.entries(routes)
    .map(([route, upstream]) => `    "~^${route}\\." 127.0.0.1:${upstream};`)
    .join('\n');
  const proxy = `      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host localhost;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 1h;`;
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream toolwright {
${servers}
    keepalive 64;
  }
  # A 2025-11-25 session id starts with its owner's route: send it there.
  map $http_mcp_session_id $mcp_owner {
    default "";
${owners}
  }
  server {
    listen 127.0.0.1:${port};
    location = /mcp {
${proxy}
      if ($mcp_owner != "") { rewrite ^ /owned last; }
      proxy_pass http://toolwright;
    }
    location = /owned {
      internal;
${proxy}
      proxy_pass http://$mcp_owner/mcp;
      # The owner is gone: so is the session, and the client initializes again.
      error_page 502 504 = @session_gone;
    }
    location @session_gone {
      default_type application/json;
      return 404 '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found."},"id":null}';
    }
  }
}
`;
}

module.exports = { nginxMcpConfig };
