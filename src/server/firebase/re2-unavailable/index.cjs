// Requiring this throws, exactly as a missing optional re2 would: callers fall back to RegExp.
throw new Error("re2 is not installed (replaced by a stub in package.json overrides)");
