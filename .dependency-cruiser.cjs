/**
 * The architecture's layers, enforced in `npm run lint` (dependency-cruiser). From the ground up:
 *   lib/domain  types shared by several features (conversation, citation, tool and approval, roles)
 *   lib/ai      model adapters only (built-in models, OpenAI) — no features, no database
 *   lib/db      schema, client, queries
 *   lib/rag     retrieval and the grounded answer — nothing from chat, actions or above
 *   lib/actions account tools, their intent recogniser, the customer system
 *   lib/chat    the turn engine, above rag and actions
 *   lib/console, lib/eval, app/, components/ — the product's faces, on top
 * Test files may reach across (a test of the engine seeds the database and the corpus).
 */
const FEATURES = '^lib/(rag|actions|chat|console|eval|maintenance|health|auth|http)/';
const notTest = '\\.test\\.ts$|/testing/|/test-[^/]*\\.ts$|test-fixtures';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import circles make layers meaningless.', from: { pathNot: notTest }, to: { circular: true, pathNot: notTest } },
    { name: 'domain-is-the-ground-floor', severity: 'error', from: { path: '^lib/domain/' }, to: { path: '^(lib/|app/|components/)', pathNot: '^lib/(domain/|i18n/locales\\.ts$)' } },
    { name: 'ai-holds-model-adapters-only', severity: 'error', comment: 'lib/ai imports nothing from the features or the database.', from: { path: '^lib/ai/', pathNot: notTest }, to: { path: [FEATURES, '^lib/db/'] } },
    // Seeding the demo composes features (password hashing, the evaluation set's format): it is a setup script that lives with the database.
    { name: 'db-below-features', severity: 'error', from: { path: '^lib/db/', pathNot: [notTest, '^lib/db/(seed|seed-golden|demo-accounts)\\.ts$'] }, to: { path: FEATURES } },
    { name: 'rag-below-chat-and-actions', severity: 'error', comment: 'lib/rag is retrieval and the grounded answer; the turn engine (lib/chat) sits above it.', from: { path: '^lib/rag/', pathNot: notTest }, to: { path: '^lib/(chat|actions|console|eval)/' } },
    { name: 'actions-below-chat', severity: 'error', from: { path: '^lib/actions/', pathNot: notTest }, to: { path: '^lib/(chat|console|eval|rag)/' } },
    { name: 'chat-below-console', severity: 'error', from: { path: '^lib/chat/', pathNot: notTest }, to: { path: '^lib/(console|eval)/' } },
    { name: 'lib-below-app', severity: 'error', from: { path: '^lib/' }, to: { path: '^(app|components)/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
  },
};
