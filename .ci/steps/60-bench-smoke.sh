# Keeps the bench harness alive; figures come from full runs.
npm run bench -- --quick
