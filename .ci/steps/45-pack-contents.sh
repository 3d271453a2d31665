# What `npm pack` would publish for each package (scripts/check-pack-contents.js): no build info
# or tests, a README and a LICENSE, and every source or declaration map with the sources it names.
node scripts/check-pack-contents.js
