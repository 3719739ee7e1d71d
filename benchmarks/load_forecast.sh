#!/usr/bin/env bash
# Load test of the forecast API: starts the web app on loopback with uvicorn and runs wrk
# for DURATION seconds against POST /api/v1/dwz/forecast (the seed-001 example as body).
# Prints requests/s and the p99 latency. Only 127.0.0.1 is ever contacted.
#
#   benchmarks/load_forecast.sh              # 1 worker, 10 s, 2 threads, 32 connections
#   WORKERS=2 DURATION=10 CONNECTIONS=8 benchmarks/load_forecast.sh
#   WORKERS=2 SERVER=uvicorn benchmarks/load_forecast.sh      # the plain uvicorn command
#   WORKERS=2 SERVER=uvicorn HTTP=h11 benchmarks/load_forecast.sh   # and uvicorn's own protocol
#
# SERVER=wertung (the default) starts what `wertung serve` starts (wertung.web.server.run):
# with several workers one listening socket each (SO_REUSEPORT, Linux), so the kernel spreads
# wrk's connections over them. SERVER=uvicorn runs the documented uvicorn command
# (wertung/web/asgi.py), whose workers share one socket. Both without access log.
#
# Needs wrk (Debian: apt-get install wrk).
set -euo pipefail
cd "$(dirname "$0")/.."

WORKERS="${WORKERS:-1}"
DURATION="${DURATION:-10}"
THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
PYTHON="${PYTHON:-.venv/bin/python}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }

PORT="$("$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
WORK="$(mktemp -d)"
LOG="$WORK/server.log"

cat > "$WORK/forecast.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[{"rating": 1500, "index": 5, "end_date": "2026-09-01", "games": [
  {"opponent_rating": 1650, "result": "½"}, {"opponent_rating": 1400, "result": "1"},
  {"opponent_rating": 1550, "result": "0"}, {"opponent_rating": 1480, "result": "1"},
  {"opponent_rating": 1600, "result": "½"}, {"opponent_rating": 1350, "result": "1"},
  {"opponent_rating": 1520, "result": "½"}]}]]
done = function(summary, latency, requests)
  local errors = summary.errors.status + summary.errors.connect + summary.errors.read
    + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT requests=%d errors=%d rps=%.1f p50_ms=%.2f p99_ms=%.2f\n",
    summary.requests, errors, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
LUA

SERVER="${SERVER:-wertung}"
case "$SERVER" in
  wertung)
    # wertung serve's own start (TCP_NODELAY protocol, proxy headers off), access log off
    HTTP="wertung.web.server:NoDelayProtocol"
    WERTUNG_DATA_DIR="$WORK/data" "$PYTHON" -c 'import sys
from wertung.web import Settings
from wertung.web.server import run
run(Settings.from_env(), "127.0.0.1", int(sys.argv[1]), int(sys.argv[2]), access_log=False)' \
      "$PORT" "$WORKERS" >"$LOG" 2>&1 &
    ;;
  uvicorn)
    # The documented command (wertung/web/asgi.py): uvicorn's proxy headers off, TCP_NODELAY on
    # every connection (HTTP=h11 measures uvicorn's own protocol, Nagle on with --workers).
    HTTP="${HTTP:-wertung.web.server:NoDelayProtocol}"
    WERTUNG_DATA_DIR="$WORK/data" "$PYTHON" -m uvicorn wertung.web.asgi:app --no-proxy-headers \
      --http "$HTTP" --host 127.0.0.1 --port "$PORT" --workers "$WORKERS" --log-level info \
      --no-access-log >"$LOG" 2>&1 &
    ;;
  *) echo "SERVER must be wertung or uvicorn" >&2; exit 2 ;;
esac
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

# Every worker started (not only the first: wrk's keep-alive connections would all go to the
# workers that are up when it connects, and stay there).
for _ in $(seq 1 300); do
  if [ "$(grep -c 'Application startup complete' "$LOG" 2>/dev/null || true)" -ge "$WORKERS" ] &&
    "$PYTHON" -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$PORT/healthz', timeout=1)" 2>/dev/null; then
    break
  fi
  sleep 0.1
done

# Check the answer once before measuring.
"$PYTHON" - "$PORT" <<'PY'
import json, sys, urllib.request
body = {"rating": 1500, "index": 5, "end_date": "2026-09-01", "games": [
    {"opponent_rating": o, "result": r} for o, r in
    ((1650, "½"), (1400, "1"), (1550, "0"), (1480, "1"), (1600, "½"), (1350, "1"), (1520, "½"))]}
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/api/v1/dwz/forecast",
                             data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
answer = json.load(urllib.request.urlopen(req, timeout=5))
assert answer["new_rating"] == 1547, answer
PY

# The workers: the spawned children of a supervisor, else the server process itself. Their CPU
# time during the run tells a starved run (two workers sharing one core: the throughput of one).
WORKER_PIDS="$(pgrep -P "$SERVER_PID" -f spawn_main | xargs || true)"
WORKER_PIDS="${WORKER_PIDS:-$SERVER_PID}"
cpu_ticks() { for pid in $WORKER_PIDS; do awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0; done; }
CPU_BEFORE="$(cpu_ticks | xargs)"
STARTED_NS="$(date +%s%N)"

echo "machine: $(nproc) cores, $(uname -m), $("$PYTHON" --version 2>&1); server=$SERVER workers=$WORKERS http=$HTTP threads=$THREADS connections=$CONNECTIONS duration=${DURATION}s"
wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/forecast.lua" \
  "http://127.0.0.1:$PORT/api/v1/dwz/forecast" >"$WORK/wrk.txt" &
WRK=$!
# How wrk's keep-alive connections fell on the workers. One shared socket (SERVER=uvicorn): the
# worker that wakes first accepts every connection waiting, so the split varies from run to run
# (all on one worker: the throughput of one). One socket per worker (SERVER=wertung): the
# kernel's hash of each connection picks the worker. Read from the sockets' owners (ss).
sleep 1
if command -v ss >/dev/null; then
  SPLIT="$(ss -tnpH state established "( sport = :$PORT )" 2>/dev/null |
    grep -o 'pid=[0-9]*' | sort | uniq -c | awk '{print $1}' | sort -rn | paste -sd/ -)"
fi
wait "$WRK"
CPU_AFTER="$(cpu_ticks | xargs)"
CPU="$(awk -v a="$CPU_BEFORE" -v b="$CPU_AFTER" -v hz="$(getconf CLK_TCK)" \
  -v ns="$(( $(date +%s%N) - STARTED_NS ))" 'BEGIN {
    n = split(a, x, " "); split(b, y, " ")
    for (i = 1; i <= n; i++) out = out (i > 1 ? "/" : "") sprintf("%.0f%%", (y[i] - x[i]) / hz / (ns / 1e9) * 100)
    print out }')"
OUT="$(cat "$WORK/wrk.txt")"
echo "$OUT" | grep -E "Requests/sec|99%|Non-2xx" || true
RESULT="$(echo "$OUT" | grep '^RESULT')"
echo "$RESULT" | awk '{for(i=2;i<=NF;i++){split($i,kv,"="); v[kv[1]]=kv[2]} printf "forecast API: %s requests/s, p99 %s ms (p50 %s ms), %s requests, %s errors\n", v["rps"], v["p99_ms"], v["p50_ms"], v["requests"], v["errors"]}'
if [ -n "${SPLIT:-}" ]; then echo "connections per worker: $SPLIT"; fi
echo "worker CPU (of one core each): $CPU"
