/**
 * CDK entry point (`npx cdk synth|deploy`, run through tsx from cdk.json). cdk-nag 3 runs as a
 * validation plugin: findings that are neither fixed nor acknowledged fail the synth.
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { buildStack } from './stack.js';

const app = new App();
buildStack(app);
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
app.synth();
