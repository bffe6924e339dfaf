"""Prime Daifugo: the scan of computer decisions (13-card hands, every
advanced rule) on CPython, the WASI VM and the emulated board, the
tournaments of strong against normal, and its section of BENCH.md
(``bench.py daifugo``)."""

import sys
import time

import mpvm
from benchmarks import harness
from benchmarks.common import tournament_sentence, wilson, worst_lines
from benchmarks.report import bench_per_ms, write_section

# One decision of a computer seat (Bot(level).choose(s)) with a 13-card
# hand and every advanced rule (multi-number cards in 3-card plays too,
# the Q7 hand limit of 13, so the hand never passes 13).  A position is
# rebuilt on any VM from its settings, seed and the State's fields.
DAIFUGO_SETUP = """
from primeplay.daifugo import Game, Settings
from primeplay.daifugo.bot import Bot
def at(players, seed, fields):
    s = Game(Settings.advanced(players, hand_size=13, multi_in_three=True,
                               hand_limit=13), seed).state
    for k in fields:
        setattr(s, k, fields[k])
    return s
"""
DAIFUGO_FIELDS = ("hands", "deck", "discard", "area", "last", "leader",
                  "current", "phase", "drawn", "passes", "turn")
DAIFUGO_FUEL_TARGET = 50 * 10**6
DAIFUGO_BYTES_TARGET = 32 * 1024
DAIFUGO_SEEDS = 100


def daifugo_settings(players):
    from primeplay.daifugo.settings import Settings
    return Settings.advanced(players, hand_size=13, multi_in_three=True,
                             hand_limit=13)


def daifugo_fields(s):
    """The State's fields, copied: the game goes on changing its lists."""
    import copy
    return copy.deepcopy(dict((k, getattr(s, k)) for k in DAIFUGO_FIELDS))


def daifugo_positions(seeds=DAIFUGO_SEEDS):
    """Every position with a 13-card hand to move: whole games of 2 and 3
    players from ``seeds`` seeds (seats strong/normal alternating), and
    the bot test's dealt hands with D and SKIP swapped for number cards
    (a lead, and against 101).  [(players, seed, label, fields)]."""
    from primeplay.daifugo import Game
    from primeplay.daifugo import cards as C
    from primeplay.daifugo.bot import Bot, NORMAL, STRONG
    out = []
    for players in (2, 3):
        st = daifugo_settings(players)
        for seed in range(seeds):
            order = (STRONG, NORMAL) if seed % 2 else (NORMAL, STRONG)
            seats = [Bot(order[i % 2]) for i in range(players)]
            g = Game(st, seed)
            while g.state.winner is None and g.moves_made < 5000:
                s = g.state
                if len(s.hands[s.current]) >= 13:
                    out.append((players, seed, "game move %d" % g.moves_made,
                                daifugo_fields(s)))
                g.apply(seats[s.current].choose(s))
            for top in (0, 101):
                s = Game(st, seed).state
                h = s.hands[s.current]
                for i in range(len(h)):
                    if s.cards[h[i]][0] in (C.DRAW, C.SKIP):
                        for j in range(len(s.deck)):
                            if s.cards[s.deck[j]][0] in (C.NUMBER, C.MULTI):
                                h[i], s.deck[j] = s.deck[j], h[i]
                                break
                if top:
                    p = (s.current + players - 1) % players
                    s.area.append((p, (0, 0, 0), (1, 0, 1), top))
                    s.last = p
                out.append((players, seed, "dealt, no D/SKIP, %s" % (
                    "against 101" if top else "a lead"), daifugo_fields(s)))
    return out


def daifugo_state(pos):
    ns = {}
    exec(DAIFUGO_SETUP, ns)
    players, seed, _, fields = pos
    # Fresh copies: a decision must not see another's lists.
    import copy
    return ns["at"](players, seed, copy.deepcopy(fields))


def daifugo_candidates(top=8, by_plays=4, seeds=DAIFUGO_SEEDS):
    """The decisions to measure on the VM, per level and player count: the
    ``top`` slowest on CPython (best of 3 timings: a noisy ranking), then
    the ``by_plays`` positions whose hand forms the most prime plays (what
    the bots' work grows with).  A position met again later in a game is
    taken once.  [(level, pos, cpython_secs)]."""
    from primeplay.daifugo.bot import Bot, LEVELS, plays
    ranked = {}
    seen = set()
    for pos in daifugo_positions(seeds):
        key = (pos[0], repr(sorted(pos[3].items())))
        if key in seen:
            continue
        seen.add(key)
        s = daifugo_state(pos)
        n = len(plays(s, s.hands[s.current], 0, -1))
        for level in LEVELS:
            best = None
            for _ in range(3):
                s = daifugo_state(pos)
                t = time.perf_counter()
                Bot(level).choose(s)
                t = time.perf_counter() - t
                best = t if best is None or t < best else best
            ranked.setdefault((level, pos[0]), []).append((best, n, pos))
    out = []
    for key in sorted(ranked):
        rows = sorted(ranked[key], key=lambda r: -r[0])[:top]
        for r in sorted(ranked[key], key=lambda r: -r[1]):
            if len(rows) >= top + by_plays:
                break
            if r not in rows:
                rows.append(r)
        out += [(key[0], pos, secs) for secs, _, pos in rows]
    return out


def daifugo_cost(level, pos):
    players, seed, _, fields = pos
    return mpvm.cost(DAIFUGO_SETUP + "s = at(%d, %d, %r)\nbot = Bot(%r)\n"
                     % (players, seed, fields, level), "m = bot.choose(s)")


def daifugo_label(level, pos):
    players, seed, where, fields = pos
    top = fields["area"][-1][3] if fields["area"] else None
    return "%s, %d players, seed %d, %s (%s)" % (
        level, players, seed, where,
        "a lead" if top is None else "to beat %d" % top)


def daifugo_rows(echo=False, seeds=DAIFUGO_SEEDS):
    """(level, pos, cpython_secs, fuel, bytes) of every candidate."""
    rows = []
    for level, pos, secs in daifugo_candidates(seeds=seeds):
        c = daifugo_cost(level, pos)
        rows.append((level, pos, secs, c.fuel, c.alloc_bytes))
        if echo:
            print("%s: %.2f ms CPython, %.2f M fuel, %d bytes" % (
                daifugo_label(level, pos), secs * 1000, c.fuel / 1e6,
                c.alloc_bytes))
            sys.stdout.flush()
    return rows


def daifugo_worst(rows):
    """Per level the row of most fuel and the row of most bytes."""
    out = []
    for level in sorted(set(r[0] for r in rows), reverse=True):
        mine = [r for r in rows if r[0] == level]
        for key in (3, 4):
            r = max(mine, key=lambda r: r[key])
            if r not in out:
                out.append(r)
    return out


# Importing the game: Daifugo and its judge, each after the ones before
# it (judge.py's game-imports; on the board before the decisions).
GAME_IMPORTS = ("primeplay.daifugo.rules", "primeplay.daifugo.bot",
                "primeplay.primes", "primeplay.app.judge")


def daifugo_on_board(b, decisions):
    """[(ms, "ok" or "MemoryError")] of the rows ``decisions`` on board
    ``b``, the game's modules loaded."""
    cases = [(level, pos[0], pos[1], pos[3])
             for level, pos, _, _, _ in decisions]
    body = DAIFUGO_SETUP + harness.decisions(
        "level, players, seed, fields", cases,
        ("s = at(players, seed, fields)", "bot = Bot(level)",
         "fields = None"), "bot.choose(s)")
    return harness.run(b, body, timeout_ms=300000).decisions()


def board_daifugo(decisions):
    """The emulated board's (ms, result) for the rows ``decisions``
    (daifugo_worst), the game's modules imported first as board_game
    does; None without a board."""
    if not harness.available():
        return None
    with harness.session() as b:
        harness.imports(b, GAME_IMPORTS)
        out = daifugo_on_board(b, decisions)
    return harness.expect(out, len(decisions), "board decisions")


DAIFUGO_TARGET = 0.60          # strong's share against normal, 2 players
DAIFUGO_TARGET3 = 0.40         # ... against two normals (even: 1/3)


def tournament3_sentence(tour):
    """Daifugo, one strong against two normals, as BENCH.md says it."""
    return ("Strong against two normals (`tools/bench.py tournament "
            "--players 3%s --games %d`): %d 3-player games, %s, seeds "
            "%d..%d, strong's seat rotating; strong won %d, win rate %.3f "
            "(95%% Wilson interval %.3f-%.3f), %.1f moves a game. Target: "
            ">= %.2f (an even table: 1/3): %s." % (
                " --advanced" if tour["advanced"] else "", tour["games"],
                tour["games"], "every advanced rule (SKIP included)"
                if tour["advanced"] else "basic rules", tour["seed"],
                tour["seed"] + tour["games"] - 1, tour["wins"], tour["rate"],
                tour["lo"], tour["hi"], tour["moves"], DAIFUGO_TARGET3,
                "met" if tour["rate"] >= DAIFUGO_TARGET3 else "NOT met"))


def daifugo_sentences(tours):
    """The sentences of Daifugo tournaments (dicts of tournament_result)."""
    out = []
    for tour in tours:
        if tour.get("players", 2) == 3:
            out.append(tournament3_sentence(tour))
        else:
            out.append(tournament_sentence(
                tour, "--advanced " if tour["advanced"] else "",
                ", every advanced rule" if tour["advanced"]
                else ", basic rules"))
    return out


DAIFUGO_TITLE = "## Prime Daifugo: one computer decision, the worst of a scan"


def render_daifugo(daifugo, tours, decisions_ms, per_ms):
    """The Daifugo decisions section of BENCH.md: ``daifugo`` the rows of
    daifugo_rows, ``tours`` tournament dicts, ``decisions_ms`` the board's
    (ms, result) of daifugo_worst's rows or None."""
    worst = daifugo_worst(daifugo)
    out = ["", DAIFUGO_TITLE, "",
           "`tools/bench.py daifugo` plays %d seeded games each of 2 and 3 "
           "players with a 13-card hand and every advanced rule (multi-number "
           "cards in 3-card plays, the 13-card hand limit), seats strong and "
           "normal, and takes every position with 13 cards to move, plus the "
           "dealt hands with D and SKIP swapped for number cards; per level and "
           "player count the slowest on CPython and the hands with the most "
           "prime plays (%d decisions) are measured on the WASI VM, the costliest per level on the emulated board "
           "(the game's modules loaded at the REPL). Targets: <= %d M fuel, "
           "<= %d KB allocated." % (
               DAIFUGO_SEEDS, len(daifugo), DAIFUGO_FUEL_TARGET // 10**6,
               DAIFUGO_BYTES_TARGET // 1024), "",
           "| decision | CPython ms | fuel (M) | bytes | ~board ms | board ms |",
           "|---|---:|---:|---:|---:|---:|"]
    for i, (level, pos, secs, fuel, alloc) in enumerate(worst):
        on_board = "-"
        if decisions_ms is not None:
            ms, r = decisions_ms[i]
            on_board = "%.0f" % ms if r == "ok" else r
        out.append("| %s | %.2f | %.2f | %d | %.0f | %s |" % (
            daifugo_label(level, pos), secs * 1000, fuel / 1e6, alloc,
            fuel / per_ms, on_board))
    out += worst_lines("daifugo", max(r[3] for r in daifugo),
                       max(r[4] for r in daifugo), DAIFUGO_FUEL_TARGET,
                       DAIFUGO_BYTES_TARGET)
    for line in daifugo_sentences(tours):
        out += ["", line]
    return out


def tournament_result(games=2000, seed=0, advanced=False, players=2):
    """Strong against normal: ``games`` games, game i dealt from seed + i,
    strong in seat i % players (with 3 players, against two normals).
    A dict: games, seed, advanced, players, wins, rate, lo and hi (the 95%
    Wilson interval), moves (a game), seconds."""
    from primeplay.daifugo.settings import Settings
    from primeplay.daifugo.bot import Bot, play_bots, STRONG, NORMAL
    settings = Settings.advanced(players) if advanced else \
        Settings(players=players)
    wins = moves = 0
    t = time.perf_counter()
    for i in range(games):
        strong = i % players
        seats = [Bot(NORMAL) for _ in range(players)]
        seats[strong] = Bot(STRONG)
        g = play_bots(settings, seed + i, seats)
        wins += g.winner == strong
        moves += g.moves_made
    r = wilson(wins, games)
    r.update({"games": games, "seed": seed, "advanced": advanced,
              "players": players, "moves": moves / max(games, 1),
              "seconds": time.perf_counter() - t})
    return r


def daifugo_tournaments(games=2000, seed=0):
    """The tournaments BENCH.md reports: strong against normal (2 players,
    basic rules) and against two normals (3 players, every advanced rule,
    SKIP included)."""
    return [tournament_result(games, seed),
            tournament_result(games, seed, advanced=True, players=3)]


def daifugo_cmd(argv=()):
    """Print every scanned Daifugo decision, then the worst per level;
    ``daifugo --write [--no-board] [--games N]``: the Daifugo section of
    BENCH.md (decisions, the board, the tournaments) printed and put in
    place of the one there."""
    argv = list(argv)
    if "--write" in argv:
        games = int(argv[argv.index("--games") + 1]) if "--games" in argv \
            else 2000
        rows = daifugo_rows()
        worst = daifugo_worst(rows)
        ms = None if "--no-board" in argv else board_daifugo(worst)
        text = "\n".join(render_daifugo(rows, daifugo_tournaments(games), ms,
                                        bench_per_ms()))
        print(text)
        write_section(DAIFUGO_TITLE, text)
        return 0
    seeds = int(argv[0]) if argv else DAIFUGO_SEEDS
    rows = daifugo_rows(echo=True, seeds=seeds)
    for level, pos, secs, fuel, alloc in daifugo_worst(rows):
        print("worst %s: %.2f M fuel, %d bytes" % (
            daifugo_label(level, pos), fuel / 1e6, alloc))
    print("worst_daifugo_decision_fuel_M: %.2f" % (max(r[3] for r in rows) / 1e6))
    print("worst_daifugo_decision_bytes: %d" % max(r[4] for r in rows))
    return 0
