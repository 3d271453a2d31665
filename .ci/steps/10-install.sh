# Install from the lockfile.
npm ci --no-audit --no-fund
