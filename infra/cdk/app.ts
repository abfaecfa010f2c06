/**
 * CDK entry point (`npx cdk synth|deploy`, run through tsx from cdk.json). cdk-nag 3 runs as a
 * validation plugin: findings that are neither fixed nor acknowledged fail the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ContextError } from './context.js';
import { buildStack } from './stack.js';

const app = new App();
try {
  buildStack(app);
} catch (error) {
  // A setting to fix, not a bug: the message says which key and how; a stack trace would bury it.
  if (!(error instanceof ContextError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
