#!/bin/sh
# Starts the print helper from this folder. Needs Node.js 20 or later (https://nodejs.org).
cd "$(dirname "$0")" || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js is not installed: get it from https://nodejs.org, then run this script again."
  exit 1
fi
exec node print-helper.mjs "$@"
