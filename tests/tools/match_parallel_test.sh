#!/usr/bin/env bash
# ctest match_parallel: scripts/match-parallel on this machine runs a match in 3 shards on
# GNU parallel (directly, and through parallel's --sshlogin path with ":", this machine), and
# its merged summary is the unsharded match's, line for line. Fails without parallel, which
# scripts/install-deps installs.
#   match_parallel_test.sh SANDTABLE_BINARY MATCH_PARALLEL_SCRIPT
set -euo pipefail
sandtable=$1
script=$2
if ! command -v parallel >/dev/null; then
  echo "FAIL: GNU parallel is not installed (scripts/install-deps installs the Debian package)"
  exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
match=(--ruleset kuhn_poker --a ismcts:iterations=50 --b greedy --games 41 --seed 12)

"$sandtable" match "${match[@]}" >"$dir/whole.txt" 2>/dev/null
"$script" --bin "$sandtable" --shards 3 --out "$dir/local" -- "${match[@]}" >"$dir/local.txt"
"$script" --bin "$sandtable" --shards 3 --sshlogin 2/: --out "$dir/ssh" -- "${match[@]}" \
  >"$dir/ssh.txt"
for run in local ssh; do
  if ! diff -u "$dir/whole.txt" "$dir/$run.txt"; then
    echo "FAIL: the merged $run shards differ from the whole match"
    exit 1
  fi
  # Every game once, in its own shard's file.
  games=$(cat "$dir/$run"/shard-*-of-3.jsonl | grep -c '"type":"game"')
  if [ "$games" -ne 41 ]; then
    echo "FAIL: $run: $games game lines, not 41"
    exit 1
  fi
done
grep -q "in 41 games" "$dir/whole.txt" || { echo "FAIL: unexpected summary"; exit 1; }
echo "match_parallel: merged shards equal the whole match"
