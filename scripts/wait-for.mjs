#!/usr/bin/env node
// Waits until a URL answers (any status), for starting one test server after another.
const url = process.argv[2];
for (;;) {
  try {
    await fetch(url);
    process.exit(0);
  } catch {
    await new Promise((r) => setTimeout(r, 500));
  }
}
