"""Ring Climb: the scan of computer decisions on CPython, the WASI VM and
the emulated board, its imports, the tournaments (strong against normal,
"take the top" against strong), and its section of BENCH.md
(``bench.py rings``)."""

import sys
import time

import mpvm
from benchmarks import harness
from benchmarks.common import (FUEL_PER_MS, cpython_time, tour_list,
                               tournament_sentence, wilson, worst_lines)
from benchmarks.judge import game_import_rows
from benchmarks.report import bench_per_ms, section_cmd

# One computer decision with three cards in hand and all three of the
# player's pawns on the rings (the most plays), rebuilt on any VM from the
# settings, seed and the State's fields.
RINGS_SETUP = """
from primeplay.rings import rules as R
from primeplay.rings.settings import Settings
from primeplay.rings.bot import choose
def at(players, seed, fields):
    s = R.new_game(Settings(players=players), seed)
    for k in fields:
        setattr(s, k, fields[k])
    return s
"""
RINGS_FIELDS = ("rot", "pawns", "hands", "deck", "discard", "current",
                "played", "turn")
RINGS_FUEL_TARGET = 50 * 10**6
RINGS_BYTES_TARGET = 32 * 1024
RINGS_SEEDS = 20
RINGS_IMPORTS = ("primeplay.rings.rules", "primeplay.rings.bot",
                 "primeplay.rings.game")


def rings_positions(seeds=RINGS_SEEDS):
    """[(players, seed, label, fields)]: every position of seeded games
    (2-6 players, seats strong and normal alternating) where the player to
    move has three cards, has played none and has all three pawns on the
    rings; each also with one, two and three spin wilds in the hand (the
    widest search)."""
    import copy
    from primeplay.rings import rules as R, board as B
    from primeplay.rings.bot import choose, NORMAL, STRONG
    from primeplay.rings.game import Game
    from primeplay.rings.settings import Settings
    out = []
    for players in range(2, 7):
        for seed in range(seeds):
            lv = [STRONG if (i + seed) % 2 else NORMAL for i in range(players)]
            g = Game(Settings(players=players), seed)
            while g.state.phase != R.OVER:
                s = g.state
                p = s.current
                mine = s.pawns[p * B.PAWNS:(p + 1) * B.PAWNS]
                if len(s.hands[p]) == 3 and not s.played and \
                        all(B.TABLE < x < B.TOP for x in mine):
                    base = dict((k, copy.deepcopy(getattr(s, k)))
                                for k in RINGS_FIELDS)
                    where = "move %d" % g.moves_made
                    out.append((players, seed, where, base))
                    for spins in (1, 2, 3):
                        f = copy.deepcopy(base)
                        give = list(range(B.SPIN, B.SPIN + spins))
                        for c in give:
                            for pile in f["hands"] + [f["deck"], f["discard"]]:
                                if c in pile:
                                    pile.remove(c)
                        h = f["hands"][p]
                        while len(h) > 3 - spins:
                            f["discard"].append(h.pop())
                        h.extend(give)
                        for q in range(players):
                            hq = f["hands"][q]
                            while q != p and len(hq) < 3:
                                hq.append((f["deck"] or f["discard"]).pop(0))
                        out.append((players, seed, "%s, %d spin wild%s" % (
                            where, spins, "s" if spins > 1 else ""), f))
                g.apply(choose(s, lv[p]))
    return out


def rings_state(pos):
    import copy
    ns = {}
    exec(RINGS_SETUP, ns)
    players, seed, _, fields = pos
    return ns["at"](players, seed, copy.deepcopy(fields))


def rings_candidates(top=4, seeds=RINGS_SEEDS):
    """Per level the ``top`` positions whose decision values the most
    candidate plays (what the work grows with: counted on CPython).
    ([(level, pos, plays)], positions scanned)."""
    from primeplay.rings import bot
    count = [0]
    offer = bot._offer

    def counting(*a):
        count[0] += 1
        return offer(*a)
    positions = rings_positions(seeds)
    ranked = {bot.NORMAL: [], bot.STRONG: []}
    bot._offer = counting
    try:
        for pos in positions:
            for level in ranked:
                count[0] = 0
                bot.choose(rings_state(pos), level)
                ranked[level].append((count[0], pos))
    finally:
        bot._offer = offer
    out = []
    for level in (bot.STRONG, bot.NORMAL):
        rows = sorted(ranked[level], key=lambda r: -r[0])[:top]
        out += [(level, pos, n) for n, pos in rows]
    return out, len(positions)


# On the board the play screen comes with the rules (the game's whole
# import when a human plays).
RINGS_BOARD_IMPORTS = RINGS_IMPORTS + ("primeplay.rings.ui.play",)


def board_rings(rows):
    """The emulated board's ms for Ring Climb's imports (with its play
    screen) and for the decisions of ``rows`` (rings_rows), or None."""
    import pico
    if not harness.available():
        return None
    cases = [(r[0], r[1][0], r[1][1], r[1][3]) for r in rows]
    body = RINGS_SETUP + harness.decisions(
        "level, players, seed, fields", cases,
        ("s = at(players, seed, fields)", "fields = None"), "choose(s, level)")
    try:
        with harness.session() as b:
            out = harness.imports(b, RINGS_BOARD_IMPORTS)
            out["decisions"] = harness.run(b, body,
                                           timeout_ms=300000).decisions()
    except pico.PicoError as e:
        print("bench: Ring Climb on the board failed: %s" % str(e)[-300:])
        return None
    if len(out["decisions"]) != len(rows):
        return None
    return out


def rings_cost(level, pos):
    players, seed, _, fields = pos
    return mpvm.cost(RINGS_SETUP + "s = at(%d, %d, %r)\n" % (
        players, seed, fields), "m = choose(s, %d)" % level)


def rings_label(level, pos):
    from primeplay.rings import board as B
    players, seed, where, fields = pos
    hand = " ".join(B.card_text(c) for c in fields["hands"][fields["current"]])
    return "%s, %d players, seed %d, %s (%s)" % (
        "strong" if level == 2 else "normal", players, seed, where, hand)


def rings_rows(echo=False, seeds=RINGS_SEEDS):
    """([(level, pos, plays, cpython_secs, fuel, bytes)], scanned)."""
    cands, scanned = rings_candidates(seeds=seeds)
    rows = []
    for level, pos, n in cands:
        from primeplay.rings.bot import choose
        secs = cpython_time(lambda: choose(rings_state(pos), level), repeat=5)
        c = rings_cost(level, pos)
        rows.append((level, pos, n, secs, c.fuel, c.alloc_bytes))
        if echo:
            print("%s: %d plays valued, %.2f ms CPython, %.2f M fuel, %d "
                  "bytes" % (rings_label(level, pos), n, secs * 1000,
                             c.fuel / 1e6, c.alloc_bytes))
            sys.stdout.flush()
    return rows, scanned


def rings_import_rows():
    """Each Ring Climb import after the ones before it (game_import_rows)."""
    return game_import_rows(RINGS_IMPORTS)


def rings_take_top(state):
    """"Take the top": the strong player, but a move onto the top first
    whenever it has one (the player BENCH.md holds strong against)."""
    from primeplay.rings import rules as R, board as B
    from primeplay.rings.bot import choose, STRONG
    for m in R.legal_moves(state):
        if m[0] == R.PLAY and m[4] == B.TOP:
            return m
    return choose(state, STRONG)


RINGS_PLAYERS = ("strong", "normal", "top")


def rings_player(name):
    """A Ring Climb player by name (RINGS_PLAYERS): state -> move."""
    from primeplay.rings.bot import choose, STRONG, NORMAL
    if name == "top":
        return rings_take_top
    level = {"strong": STRONG, "normal": NORMAL}[name]
    return lambda state: choose(state, level)


def rings_tournament_result(games=2000, seed=0, levels=("strong", "normal")):
    """Ring Climb, ``levels[0]`` against ``levels[1]`` (RINGS_PLAYERS):
    ``games`` 2-player games, game i from seed + i, levels[0] in seat
    i % 2; the dict of tournament_result, with levels."""
    from primeplay.rings import rules as R
    from primeplay.rings.game import Game
    from primeplay.rings.settings import Settings
    first, second = rings_player(levels[0]), rings_player(levels[1])
    wins = moves = 0
    t = time.perf_counter()
    for i in range(games):
        seats = [second, second]
        seats[i % 2] = first
        g = Game(Settings(players=2), seed + i)
        while g.state.phase != R.OVER:
            if g.moves_made >= 5000:
                raise RuntimeError("Ring Climb game from seed %d not over"
                                   % (seed + i))
            g.apply(seats[g.state.current](g.state))
        wins += R.places(g.state)[0] == i % 2
        moves += g.moves_made
    r = wilson(wins, games)
    r.update({"games": games, "seed": seed, "advanced": False,
              "levels": tuple(levels), "moves": moves / max(games, 1),
              "seconds": time.perf_counter() - t})
    return r


RINGS_TITLE = "## Ring Climb: computer players"
RINGS_TOP_TARGET = 0.52     # take-the-top's share against strong, at most


def rings_sentence(tour):
    """A Ring Climb tournament as BENCH.md says it."""
    levels = tour.get("levels", ("strong", "normal"))
    if levels == ("strong", "normal"):
        return tournament_sentence(tour, "--game rings ", "")
    if levels == ("top", "strong"):
        return ("Take-the-top against strong (`tools/bench.py tournament "
                "--game rings --levels top,strong --games %d`): %d 2-player "
                "games, seeds %d..%d, seats alternating; \"take the top\" "
                "(the strong player, but a move onto the top first whenever "
                "it has one) won %d, win rate %.3f (95%% Wilson interval "
                "%.3f-%.3f), %.1f moves a game. Target: <= %.2f (strong "
                "values the top at least as well): %s." % (
                    tour["games"], tour["games"], tour["seed"],
                    tour["seed"] + tour["games"] - 1, tour["wins"],
                    tour["rate"], tour["lo"], tour["hi"], tour["moves"],
                    RINGS_TOP_TARGET, "met" if tour["rate"] <=
                    RINGS_TOP_TARGET else "NOT met"))
    return ("%s against %s (`tools/bench.py tournament --game rings --levels "
            "%s --games %d`): %d 2-player games, seeds %d..%d, seats "
            "alternating; %s won %d, win rate %.3f (95%% Wilson interval "
            "%.3f-%.3f), %.1f moves a game." % (
                levels[0].capitalize(), levels[1], ",".join(levels),
                tour["games"], tour["games"], tour["seed"],
                tour["seed"] + tour["games"] - 1, levels[0], tour["wins"],
                tour["rate"], tour["lo"], tour["hi"], tour["moves"]))


def rings_sentence_prefix(levels):
    """How BENCH.md's sentence of a Ring Climb tournament begins."""
    if tuple(levels) == ("strong", "normal"):
        return ("Strong against normal (`tools/bench.py tournament --game "
                "rings --games")
    if tuple(levels) == ("top", "strong"):
        return "Take-the-top against strong (`tools/bench.py tournament"
    return "%s against %s (`tools/bench.py tournament --game rings " \
        "--levels %s " % (levels[0].capitalize(), levels[1], ",".join(levels))


def rings_tournaments(games=2000, seed=0):
    """The tournaments BENCH.md reports: strong against normal, take the
    top against strong."""
    return [rings_tournament_result(games, seed),
            rings_tournament_result(games, seed, ("top", "strong"))]


def render_rings(rows, scanned, imports, tour, per_ms, board=None):
    """The Ring Climb section of BENCH.md."""
    out = ["", RINGS_TITLE, "",
           "`tools/bench.py rings` plays %d seeded games each of 2-6 players "
           "(seats strong and normal alternating) and takes every position "
           "where the player to move holds three cards and has all three "
           "pawns on the rings, each also with one, two and three spin "
           "wilds in the hand: %d positions. Per level the %d decisions "
           "that value the most candidate plays are measured on the WASI "
           "VM. Targets: <= %d M fuel, <= %d KB allocated." % (
               RINGS_SEEDS, scanned, len(rows) // 2,
               RINGS_FUEL_TARGET // 10**6, RINGS_BYTES_TARGET // 1024), "",
           "| decision | plays valued | CPython ms | fuel (M) | bytes | ~board ms | board ms |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for i, (level, pos, n, secs, fuel, alloc) in enumerate(rows):
        if board:
            ms, r = board["decisions"][i]
            on_board = "%.0f" % ms if r == "ok" else r
        else:
            on_board = "-"
        out.append("| %s | %d | %.2f | %.2f | %d | %.0f | %s |" % (
            rings_label(level, pos), n, secs * 1000, fuel / 1e6, alloc,
            fuel / per_ms, on_board))
    out += worst_lines("rings", max(r[4] for r in rows),
                       max(r[5] for r in rows), RINGS_FUEL_TARGET,
                       RINGS_BYTES_TARGET)
    tours = tour_list(tour)
    for t in tours:
        out += ["", rings_sentence(t)]
    out += ["", "Importing Ring Climb, each import after the ones above it, "
            "in a fresh interpreter (CPython), on the WASI VM from `.py` "
            "(fuel includes compiling) and on the emulated board from "
            "`.mpy` at a fresh REPL (with the play screen last):", "",
            "| import | CPython ms | fuel (M) | bytes | board ms |",
            "|---|---:|---:|---:|---:|"]
    for i, (mod, secs, fuel, alloc) in enumerate(imports):
        out.append("| %s | %.1f | %.1f | %d | %s |" % (
            mod, secs * 1000, fuel / 1e6, alloc,
            "%.0f" % board["imports"][i] if board else "-"))
    if board:
        out.append("| %s | - | - | - | %.0f |" % (
            RINGS_BOARD_IMPORTS[-1], board["imports"][-1]))
        out += ["", "Free heap on the board before the imports: %d bytes "
                "(gc.mem_free), %d bytes of 1 KB blocks fit; after them %d "
                "and %d." % (board["free0"] + board["free"])]
    else:
        out += ["", "On the board: not measured this run."]
    return out


def rings_figures(per_ms=FUEL_PER_MS, games=2000, board=True):
    rows, scanned = rings_rows()
    return render_rings(rows, scanned, rings_import_rows(),
                        rings_tournaments(games), per_ms,
                        board_rings(rows) if board else None)


def rings_cmd(argv=()):
    """The Ring Climb section; ``rings scan [SEEDS]`` prints the decisions
    only, ``rings --games N`` sets the tournaments' size, ``--no-board``
    leaves the emulated board out, ``--write`` puts the section in
    BENCH.md in place of the one there."""
    argv = list(argv)
    if argv and argv[0] == "scan":
        seeds = int(argv[1]) if len(argv) > 1 else RINGS_SEEDS
        rows, scanned = rings_rows(echo=True, seeds=seeds)
        print("positions scanned: %d" % scanned)
        print("worst_rings_decision_fuel_M: %.2f" % (max(r[4] for r in rows) / 1e6))
        print("worst_rings_decision_bytes: %d" % max(r[5] for r in rows))
        return 0
    games = int(argv[argv.index("--games") + 1]) if "--games" in argv else 2000
    text = "\n".join(rings_figures(bench_per_ms(), games,
                                   "--no-board" not in argv))
    return section_cmd(RINGS_TITLE, text, argv)
