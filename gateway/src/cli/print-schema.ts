import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printGraphQLSchema } from '../graphql/index.js';

// `npm run schema -w @limbic/gateway`: writes the printed GraphQL schema to gateway/schema.graphql, which is checked
// in so that every schema change shows up in review (a test fails while the file is stale).
const target = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
writeFileSync(target, printGraphQLSchema());
console.log(`wrote ${target}`);
