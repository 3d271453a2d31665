npm run lint
