"""Benchmarks: CPython time and MicroPython VM cost (fuel, heap bytes).

usage:
    python tools/bench.py            # every section, printed only
    python tools/bench.py --write    # every section, BENCH.md rewritten
                                     # (make bench)
    python tools/bench.py --help     # this text (-h too)
    python tools/bench.py decisions [--level hard|normal|easy]
                                     # Prime Climb: the scan of decisions
    python tools/bench.py solitaire [--games N --seed S]  # Prime Climb
                                     # solitaire without cards, hard player
    python tools/bench.py climb-levels [--games N]  # Prime Climb: levels,
                                     # solitaire, the hint's cost, as BENCH.md
    python tools/bench.py daifugo [SEEDS]  # Daifugo: the scan of decisions
    python tools/bench.py daifugo --write [--no-board]  # Daifugo's section
                                     # of BENCH.md (decisions, tournaments)
    python tools/bench.py judge      # the judge's verdicts, fillings, rho
    python tools/bench.py game-imports  # importing Daifugo and the judge
    python tools/bench.py game [--no-board]  # those three, the tournaments
                                     # and the emulated board, as BENCH.md
    python tools/bench.py tournament [--game daifugo|rings|climb --games N
                                     --seed S --advanced --players 2|3
                                     --levels A,B --write]
                                     # Daifugo: strong against normal (3
                                     # players: against two normals);
                                     # Ring Climb: --levels strong,normal or
                                     # top,strong ("take the top": strong,
                                     # but onto the top whenever it can);
                                     # --write: that figure in BENCH.md
    python tools/bench.py rings [--games N] [--write] [--no-board]
                                     # Ring Climb: decisions, imports,
                                     # tournaments, as BENCH.md (--write:
                                     # that section of BENCH.md only)
    python tools/bench.py rings scan [SEEDS]  # its decisions only
    python tools/bench.py board [--write]  # the emulated board: start,
                                     # a script's presses, imports, Prime
                                     # Climb's cases (--write: that
                                     # section of BENCH.md only)
    python tools/bench.py heap [--write]  # the heap on the board: the
                                     # firmware's share, the smallest cp32
                                     # heap each game's seeds pass at
                                     # (--write: that section of BENCH.md)
    python tools/bench.py presses [--model-cost] [--write]  # every press
                                     # of a session of each game on the
                                     # emulated board: median, p95,
                                     # worst (--model-cost: and with the
                                     # flash model off)
    python tools/bench.py switch [--write]  # starting and leaving a game
                                     # on the emulated board (--write: that
                                     # section of BENCH.md only)

Fuel is the WASI MicroPython VM's deterministic work count (see mpvm.py).
The same work is timed on the emulated Pico (tools/pico.py), which gives
the fuel per board millisecond that turns every fuel figure into board
time (FUEL_PER_MS when no emulated board is at hand).  Bytes are what the code allocates with the
GC off, i.e. the most it can ask of the heap.  CPython times are medians
of repeated runs on this machine: a guide, never a test.

This file is the command: the usage above, the subcommands and the whole
run.  The work is in tools/benchmarks/, a module a job (its __init__ lists
them); the names tests and scripts use are re-exported here.
"""

import sys

from benchmarks.climb import (CLIMB_BYTES_TARGET, CLIMB_CASES,
                              CLIMB_FUEL_TARGET, CLIMB_SETUP, board_cmd, board_rows,
                              bot_fuel, climb_rows, fuel_per_ms, game_rows,
                              i2c_rows, import_rows, render)
from benchmarks.climb_decisions import (DECISION_BYTES_TARGET,
                                        DECISION_FUEL_TARGET, board_decisions,
                                        decision_cost, decision_rows,
                                        decisions, render_decisions,
                                        worst_decisions)
from benchmarks.climb_levels import (HINT_BYTES_TARGET, HINT_FUEL_TARGET,
                                     HINT_WORST, climb_levels_cmd,
                                     climb_levels_figures, hint_cost,
                                     solitaire_cmd)
from benchmarks.common import FUEL_PER_MS
from benchmarks.daifugo import (DAIFUGO_BYTES_TARGET, DAIFUGO_FUEL_TARGET,
                                daifugo_cmd, daifugo_cost, daifugo_positions,
                                daifugo_rows, daifugo_state, daifugo_worst,
                                tournament_result)
from benchmarks.judge import (FILL_CASES, HARD24, JUDGE_CASES, game_cmd,
                              game_figures, game_imports_cmd, judge_cmd,
                              judge_scan4, render_game)
from benchmarks.memory import heap_cmd, heap_rows, render_heap
from benchmarks.report import kept_sections, section_cmd, write_all, write_section
from benchmarks.rings import (RINGS_TITLE, rings_candidates, rings_cmd,
                              rings_figures, rings_rows, rings_take_top,
                              rings_tournament_result)
from benchmarks.presses import (press_rows, presses_cmd, render_presses)
from benchmarks.switch import (evening_peaks, render_switch, switch_cmd,
                               switch_rows)
from benchmarks.tournament import tournament

# What bench gives: the tests (host_tests/) and scripts import these.
__all__ = [
    "CLIMB_BYTES_TARGET", "CLIMB_CASES", "CLIMB_FUEL_TARGET", "CLIMB_SETUP",
    "COMMANDS", "DAIFUGO_BYTES_TARGET", "DAIFUGO_FUEL_TARGET",
    "DECISION_BYTES_TARGET", "DECISION_FUEL_TARGET", "FILL_CASES",
    "FUEL_PER_MS", "HARD24", "HINT_BYTES_TARGET", "HINT_FUEL_TARGET",
    "HINT_WORST", "JUDGE_CASES", "RINGS_TITLE", "board_decisions",
    "board_cmd", "board_rows", "bot_fuel", "climb_levels_cmd", "climb_levels_figures",
    "climb_rows", "daifugo_cmd", "daifugo_cost", "daifugo_positions",
    "daifugo_rows", "daifugo_state", "daifugo_worst", "decision_cost",
    "decision_rows", "decisions", "evening_peaks", "fuel_per_ms", "game_cmd",
    "game_figures", "game_imports_cmd", "game_rows", "heap_cmd", "heap_rows", "hint_cost",
    "i2c_rows", "import_rows", "judge_cmd", "judge_scan4", "kept_sections",
    "main", "render", "render_decisions", "render_game", "render_heap",
    "press_rows", "presses_cmd", "render_presses",
    "render_switch", "rings_candidates", "rings_cmd", "rings_figures",
    "rings_rows", "rings_take_top", "rings_tournament_result",
    "section_cmd", "solitaire_cmd", "switch_cmd", "switch_rows", "tournament",
    "tournament_result", "usage", "whole", "worst_decisions", "write_all",
    "write_section"]

COMMANDS = {"decisions": decisions, "tournament": tournament,
            "daifugo": daifugo_cmd, "judge": judge_cmd, "rings": rings_cmd,
            "solitaire": solitaire_cmd, "climb-levels": climb_levels_cmd,
            "game-imports": game_imports_cmd, "game": game_cmd,
            "switch": switch_cmd, "board": board_cmd, "heap": heap_cmd,
            "presses": presses_cmd}
# Commands whose own parser answers --help (argparse).
_OWN_HELP = ("tournament", "solitaire")


def usage():
    """The usage: the module docstring's list of commands."""
    doc = __doc__
    return doc[doc.index("usage:"):doc.index("Fuel is the WASI")].rstrip()


def main(argv):
    argv = list(argv)
    if argv and argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    if argv and argv[0] in COMMANDS:
        if argv[0] not in _OWN_HELP and ("-h" in argv or "--help" in argv):
            print(usage())
            return 0
        return COMMANDS[argv[0]](argv[1:])
    unknown = [a for a in argv if a not in ("--write", "--no-write")]
    if unknown:
        sys.stderr.write("%s\n\nbench.py: unknown argument %s\n"
                         % (usage(), " ".join(unknown)))
        return 2
    return whole(argv)


def whole(argv=()):
    """Every section, printed; BENCH.md rewritten with ``--write`` (the
    sections other tools write kept: report.OTHER_SECTIONS)."""
    climb, board, bots = climb_rows(), board_rows(), bot_fuel()
    per_ms = fuel_per_ms(climb, bots, board)[0] if board else FUEL_PER_MS
    h = heap_rows()
    rows = decision_rows()
    on_board = None
    board_error = None
    if h["share"] is not None:
        try:
            on_board = board_decisions([r[0] for r in worst_decisions(rows)],
                                       h["share"]["lib"])
        except Exception as e:  # noqa: BLE001  (said in BENCH.md)
            board_error = str(e).split("\n")[0][:160]
            print("bench: decisions on the board failed: %s" % e)
    text = render(climb, import_rows(), game_rows(), i2c_rows(), board, bots)
    text += "\n".join(render_decisions(rows, on_board, per_ms, board_error) +
                      game_figures(board is not None, per_ms) +
                      rings_figures(per_ms) +
                      climb_levels_figures(per_ms) +
                      render_heap(h) +
                      render_switch(switch_rows(), evening_peaks()) +
                      [""] + render_presses(press_rows())) + "\n"
    print(text)
    if "--write" in argv:
        write_all(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
