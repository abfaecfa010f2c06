/** Imported first by local entry points: the twin runs on Node 20 by design (see docs), so the SDK's notice is noise. */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
