#!/bin/sh
# Starts the print helper from this folder (double-click in Finder). Needs Node.js 20 or later.
cd "$(dirname "$0")" || exit 1
if ! command -v node >/dev/null 2>&1; then
  echo "Node.js is not installed: get it from https://nodejs.org, then open this file again."
  read -r _
  exit 1
fi
exec node print-helper.mjs "$@"
