# reflect-metadata / class-validator / class-transformer must be installed once each.
node scripts/check-single-copies.js
