#!/bin/sh
# Regenerate the `drawsafe field` examples of reports/field/ (text, JSON, figure) and their times.
# Each size runs twice: the second, warm, time is the one reported (numba kernels cached on disk).
cd "$(dirname "$0")"
# 8 players take a Top 4: a cut must be smaller than the field (a Top 8 of 8 is refused, as draw refuses it)
for n in 8 32 128 226 409 1000; do
  top=$([ $n -le 8 ] && echo 4 || echo 8)
  drawsafe field --players $n --top $top --json > /dev/null 2>&1
  start=$(date +%s.%N)
  drawsafe field --players $n --top $top --plot field-$n.png > field-$n.txt 2>/dev/null
  end=$(date +%s.%N)
  drawsafe field --players $n --top $top --json > field-$n.json 2>/dev/null
  echo "$n players: $(echo "$end - $start" | bc) s warm (whole command)"
done
