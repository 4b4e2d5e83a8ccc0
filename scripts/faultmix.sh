#!/usr/bin/env bash
# Usage: scripts/faultmix.sh BINARY RUNS [PORT] [page|early] [FIRST_SEED]
# HN under the issue-23 fault mix at 80x24 in tmux (a private socket): seconds from start to the
# first row, to the whole first screen (11 stories) and to the page (the status line's `1/30`),
# Enter on story 1 to its first comment, and the replica's /_stats at that moment: requests and
# the share refused by the rate limit. `page` (the default) presses Enter once the page is in;
# `early` presses it as soon as the first row is drawn (the page still loading, `1/…`), and does
# not measure the first screen and the page (the detail covers the list).
# Runs use fault seeds FIRST_SEED.. (1 unless given): two builds compared run by run can be
# interleaved one seed at a time (`... BIN_A 1 PORT page 3; ... BIN_B 1 PORT page 3`).
# Each run leaves the client's log in /tmp/fm-runN.log and the replica's view of every request
# (`GET /_requests`: arrival, path, fault, delay; at Enter's first comment) in /tmp/fm-runN.requests.json,
# with the run's start instant (`t0`, epoch seconds) and its figures; scripts/faultmix-trace reads them.
# The replica is `BINARY serve` unless SERVE names another binary: to compare two clients against
# one replica (its faults and pacing are part of the build), run both with SERVE=/the/newer/feedscroll.
# Faults are drawn keyed (`serve --fault-draws keyed`: an item's n-th attempt meets the same faults
# whatever order the client sends in), so two builds run on the same seeds meet the same faults and
# compare run by run; DRAWS=sequence draws them in arrival order as before 2026-11-28.
# OUT names the files' prefix (/tmp/fm-run unless given: helpers sharing /tmp each pick their own).
# Run under the test lock:  flock -o /work/test.lock scripts/faultmix.sh BIN 5
set -u
B=$1; RUNS=${2:-3}; PORT=${3:-8941}; MODE=${4:-page}; FIRST=${5:-1}
S=${SERVE:-$B}
OUT=${OUT:-/tmp/fm-run}
DRAWS=${DRAWS:-keyed}
SOCK=faultmix-$$
now() { date +%s.%N; }
since() { echo "$(now) - $1" | bc; }
wait_for() {  # wait_for T0 PATTERN LINE|all -> seconds, or >60
  local t0=$1 pattern=$2 line=$3 el
  while :; do
    el=$(since "$t0")
    if [ "$line" = all ]; then tmux -L $SOCK capture-pane -p -t fm | grep -q -- "$pattern" && break
    else tmux -L $SOCK capture-pane -p -t fm | sed -n "${line}p" | grep -q -- "$pattern" && break; fi
    if (( $(echo "$el > 60" | bc) )); then echo ">60"; return; fi
    sleep 0.02
  done
  printf "%.2f" "$el"
}
for run in $(seq "$FIRST" $((FIRST + RUNS - 1))); do
  "$S" serve --port "$PORT" --fault-seed "$run" --latency-ms 800 --jitter-ms 400 --error-rate 0.2 --rate-limit 5/s --malformed-rate 0.05 --fault-draws "$DRAWS" > $OUT-serve.out 2>&1 &
  SP=$!
  for i in $(seq 1 200); do curl -s -o /dev/null "http://127.0.0.1:$PORT/_stats" && break; sleep 0.05; done
  rm -rf "/tmp/fm-xdg-$$"
  t0=$(now)
  tmux -L $SOCK new-session -d -s fm -x 80 -y 24 "env XDG_CACHE_HOME=/tmp/fm-xdg-$$ XDG_CONFIG_HOME=/tmp/fm-xdg-$$ $B hn --base-url http://127.0.0.1:$PORT/hn/v0 --no-cache --log $OUT$run.log"
  first=$(wait_for "$t0" '[A-Za-z]\{3\}' 1)
  if [ "$MODE" = early ]; then
    screen=-; ready=-
  else
    screen=$(wait_for "$t0" '[A-Za-z]\{3\}' 21)
    # The page is in when the status line counts its rows (`1/27 of 500`, not the first rows' `1/…`).
    ready=$(wait_for "$t0" ' 1/[0-9]' 24)
  fi
  t1=$(now); tmux -L $SOCK send-keys -t fm Enter
  comment=$(wait_for "$t1" '^[ ▌]*▾ ' all)
  stats=$(curl -s "http://127.0.0.1:$PORT/_stats")
  curl -s "http://127.0.0.1:$PORT/_requests" | T0=$t0 T1=$t1 FIGS="$first $screen $ready $comment" OUT=$OUT$run.requests.json python3 -c '
import json, os, sys
d = json.load(sys.stdin)
d["t0"], d["enter"] = float(os.environ["T0"]), float(os.environ["T1"])
d["figures"] = dict(zip(["first", "screen", "ready", "comment"], os.environ["FIGS"].split()))
json.dump(d, open(os.environ["OUT"], "w"))' 2>/dev/null
  read total refused < <(echo "$stats" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["total"], d["faults"].get("rateLimited",0))')
  share=$(echo "scale=1; 100*$refused/$total" | bc)
  echo "run $run: first row ${first} s, first screen ${screen} s, page in ${ready} s, Enter→first comment ${comment} s, requests ${total}, refused ${refused} (${share}%)"
  tmux -L $SOCK kill-server 2>/dev/null
  kill "$SP"; wait "$SP" 2>/dev/null
done
rm -rf "/tmp/fm-xdg-$$"
