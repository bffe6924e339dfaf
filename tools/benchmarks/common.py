"""What the bench's modules share: the fuel per board millisecond, CPython
timing, the Wilson interval of a tournament, and the lines BENCH.md gives
a game's worst decision and a strong-against-normal tournament."""

import time

# Fuel per emulated-Pico millisecond, as last measured by this script
# (median over the Prime Climb searches and plans); used when the emulated
# board cannot run.  The earlier guess was 70,000.
FUEL_PER_MS = 145_000


def cpython_time(fn, repeat=15):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    times.sort()
    return times[len(times) // 2]


def worst_lines(game, fuel, alloc, fuel_target, bytes_target):
    """A game's worst decision as the parsed lines and the two targets."""
    return ["", "worst_%s_decision_fuel_M: %.2f" % (game, fuel / 1e6),
            "worst_%s_decision_bytes: %d" % (game, alloc), "",
            "- fuel <= %d M: %s" % (fuel_target // 10**6,
                                    "met" if fuel <= fuel_target else "NOT met"),
            "- bytes <= %d: %s" % (bytes_target,
                                   "met" if alloc <= bytes_target else "NOT met")]


def tournament_sentence(tour, option, rules):
    """Strong against normal, as BENCH.md says it (``option``: the
    command's ``--game X `` if any; ``rules``: ", basic rules" or "")."""
    return ("Strong against normal (`tools/bench.py tournament %s--games "
            "%d`): %d 2-player games%s, seeds %d..%d, seats alternating; "
            "strong won %d, win rate %.3f (95%% Wilson interval %.3f-%.3f), "
            "%.1f moves a game. Target: >= 0.60: %s." % (
                option, tour["games"], tour["games"], rules, tour["seed"],
                tour["seed"] + tour["games"] - 1, tour["wins"], tour["rate"],
                tour["lo"], tour["hi"], tour["moves"],
                "met" if tour["rate"] >= 0.6 else "NOT met"))


def tour_list(tour):
    """A section's tournaments as a list: ``tour`` is one tournament's
    dict, a list of them, or None."""
    if tour is None:
        return []
    if isinstance(tour, dict):
        return [tour]
    return list(tour)


def wilson(wins, games):
    """A tournament's wins, rate and its 95% Wilson interval (lo, hi)."""
    import math
    n = max(games, 1)
    p = wins / n
    z = 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"wins": wins, "rate": p, "lo": mid - half, "hi": mid + half}
