#!/bin/sh
# Regenerate the `drawsafe field` examples of reports/field/ (text, JSON, figure) and their times.
# Each size runs twice: the second, warm, time is the one reported (numba kernels cached on disk).
cd "$(dirname "$0")"
for n in 8 32 128 226 409 1000; do
  drawsafe field --players $n --json > /dev/null 2>&1
  start=$(date +%s.%N)
  drawsafe field --players $n --plot field-$n.png > field-$n.txt 2>/dev/null
  end=$(date +%s.%N)
  drawsafe field --players $n --json > field-$n.json 2>/dev/null
  echo "$n players: $(echo "$end - $start" | bc) s warm (whole command)"
done
