"""Cost budgets on the MicroPython VM.

Fuel is a deterministic count of VM work (not time), so these are exact
regression guards, not timed tests: the worst Prime Climb turn must stay
within the issue's budget of 30 M fuel (~0.4 s on an RP2040) and 64 KB.
"""

import mpvm
import bench


def test_worst_turn_enumeration_fits_the_budget():
    label, goal, a, b, dice, keepers = bench.CLIMB_CASES[0]
    c = mpvm.cost(bench.CLIMB_SETUP + "s = at%r\n" % ((goal, a, b, dice,
                                                       keepers),),
                  "r = end_positions(s)")
    assert c.fuel <= bench.CLIMB_FUEL_TARGET, label
    assert c.alloc_bytes <= bench.CLIMB_BYTES_TARGET, label


def test_bench_worst_case_is_the_worst_of_the_table():
    # The bench's first row must stay the worst standard case it lists, or
    # the budget above guards the wrong position.
    rows = bench.climb_rows()
    standard = [r for r, case in zip(rows, bench.CLIMB_CASES)
                if case[1] == "standard"]
    assert standard[0][3] == max(r[3] for r in standard)


# The worst computer decisions `tools/bench.py decisions` found (its scan
# over variants, Keepers up to all nine, Curse, rolls and pawn pairs):
# 39.8 M fuel (the first) and 31,600 bytes (the second) when written; one
# Bot.choose must stay within the 50 M fuel and 32 KB.  Before the
# bound, the first cost 153 M / 148 KB and the nine-Keeper ones ran out
# of 10,000 M fuel.
WORST_DECISIONS = [
    ("standard", 24, 26, (2, 2), (2, 5, 7, 9), False),       # most fuel
    ("double_time", 32, 62, (2, 2), (1, 2, 3, 4, 5, 6, 7, 8, 9), False),
    ("solitaire1", 32, 34, (2, 2), (1, 2, 3, 4, 5, 6, 7, 8, 9), False),
    ("there_and_back", 16, 46, (2, 2), (1, 2, 3, 4, 5, 6, 7, 8, 9), False),
]


def test_worst_computer_decision_fits_the_budget():
    for case in WORST_DECISIONS:
        c = bench.decision_cost(case)
        assert c.fuel <= bench.DECISION_FUEL_TARGET, case
        assert c.alloc_bytes <= bench.DECISION_BYTES_TARGET, case
