"""The pieces of tools/bench.py, one module a job; tools/bench.py is the
command (its usage, its subcommands, the whole run).

- common: the fuel per board ms, CPython timing, the Wilson interval, the
  lines of a worst decision and of a tournament
- report: BENCH.md: the results file, one section or one paragraph of it
  replaced, the sections other tools write kept
- harness: the emulated board's REPL harness, the one helper every board
  figure uses (the board opened, the script with the ballast prelude, its
  tagged lines read, what went wrong said)
- climb: Prime Climb's end positions, the app and bot on the VM, I2C
  bytes, whole games, the emulated board's section, the page's header
- climb_decisions: the scan of Prime Climb's computer decisions
- climb_levels: Prime Climb's levels, solitaire, the hint, the variants
- daifugo: Prime Daifugo's scan of decisions, tournaments, its section
- judge: the judge's verdicts, importing Daifugo and the judge (the
  ``game`` command: those with Daifugo's section)
- rings: Ring Climb's scan, tournaments, imports, its section
- tournament: the ``tournament`` command of the three games
- memory: the heap on the board
- switch: starting and leaving a game (one heap per game)
- presses: every press of a session of each game on the board: median,
  p95, worst
"""

import os
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TOOLS)
sys.path.insert(0, os.path.join(ROOT, "lib"))
sys.path.insert(0, TOOLS)
