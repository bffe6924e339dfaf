"""``bench.py tournament``: two computer players of one game, seats
alternating, the first's share of the wins and its Wilson interval;
``--write`` puts the figure's sentence in BENCH.md."""

from benchmarks.climb_levels import climb_match
from benchmarks.daifugo import (DAIFUGO_TITLE, daifugo_sentences,
                                tournament_result)
from benchmarks.report import write_paragraph
from benchmarks.rings import (RINGS_PLAYERS, RINGS_TITLE, rings_sentence,
                              rings_sentence_prefix, rings_tournament_result)


def print_result(first, r, per_game, value):
    """A match's figures as every game's tournament prints them: the
    first player's wins and win rate (with its 95% interval), ``per_game``
    (rolls or moves a game) and the seconds it took."""
    print("%s_wins: %d" % (first, r["wins"]))
    print("win_rate: %.4f" % r["rate"])
    print("win_rate_95ci: %.4f %.4f" % (r["lo"], r["hi"]))
    print("%s: %.1f" % (per_game, value))
    print("seconds: %.1f" % r["seconds"])


def tournament(argv=()):
    """Strong against normal: N games, seats alternating.

    ``tournament --game daifugo|rings --games N --seed S [--advanced]
    [--players 2|3] [--levels A,B] [--write]``: game i is dealt from seed
    S + i.  Daifugo: strong sits in seat i % players (3 players: against
    two normals), ``--advanced`` every advanced rule the player count
    allows.  Ring Climb: ``--levels`` two of strong, normal, top ("take the
    top"), the first in seat i % 2 (default strong,normal).  Prime Climb:
    ``--levels`` two of its levels.  Prints the first's share of the wins
    as ``win_rate: X`` and its 95% Wilson interval; ``--write`` puts the
    figure's sentence in BENCH.md (Daifugo and Ring Climb).
    """
    import argparse
    parser = argparse.ArgumentParser(prog="bench.py tournament")
    parser.add_argument("--game", choices=("daifugo", "rings", "climb"),
                        default="daifugo")
    parser.add_argument("--levels", default=None,
                        help="Prime Climb: two of its levels (default "
                        "hard,normal); Ring Climb: two of %s (default "
                        "strong,normal); the first counted"
                        % ", ".join(RINGS_PLAYERS))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--advanced", action="store_true",
                        help="Daifugo: every advanced rule the player count "
                        "allows")
    parser.add_argument("--players", type=int, choices=(2, 3), default=2,
                        help="Daifugo: 3 is one strong against two normals")
    parser.add_argument("--write", action="store_true",
                        help="put the figure in BENCH.md (Daifugo, Ring "
                        "Climb)")
    args = parser.parse_args(list(argv))
    if args.game != "daifugo" and (args.players != 2 or args.advanced):
        parser.error("--players and --advanced are Daifugo's")
    if args.game == "daifugo" and args.levels:
        parser.error("--levels: Prime Climb and Ring Climb only")
    if args.game == "climb":
        if args.write:
            parser.error("--write: Daifugo and Ring Climb only")
        from primeplay.climb.bot import LEVEL_NAMES
        by_name = dict((v, k) for k, v in LEVEL_NAMES.items())
        names = (args.levels or "hard,normal").split(",")
        if len(names) != 2 or not all(n in by_name for n in names):
            parser.error("--levels: two of %s" % ", ".join(sorted(by_name)))
        r = climb_match((by_name[names[0]], by_name[names[1]]), args.games,
                        args.seed)
        print("games: %d (Prime Climb, seeds %d..%d, 2 players, %s vs %s, "
              "seats alternating)" % (args.games, args.seed,
                                      args.seed + args.games - 1,
                                      names[0], names[1]))
        print_result(names[0], r, "rolls_per_game", r["turns"])
        return 0
    if args.game == "rings":
        names = tuple((args.levels or "strong,normal").split(","))
        if len(names) != 2 or not all(n in RINGS_PLAYERS for n in names):
            parser.error("--levels: two of %s" % ", ".join(RINGS_PLAYERS))
        r = rings_tournament_result(args.games, args.seed, names)
        print("games: %d (Ring Climb, seeds %d..%d, 2 players, %s vs %s, "
              "seats alternating)" % (args.games, args.seed,
                                      args.seed + args.games - 1,
                                      names[0], names[1]))
        print_result(names[0], r, "moves_per_game", r["moves"])
        if args.write:
            after = None if names == ("strong", "normal") else \
                rings_sentence_prefix(("strong", "normal"))
            write_paragraph(RINGS_TITLE, rings_sentence_prefix(names),
                            rings_sentence(r), after)
        return 0
    r = tournament_result(args.games, args.seed, args.advanced, args.players)
    print("games: %d (seeds %d..%d, %d players, %s rules, strong vs %s, "
          "%s)" % (args.games, args.seed, args.seed + args.games - 1,
                   args.players, "advanced" if args.advanced else "basic",
                   "normal" if args.players == 2 else "two normals",
                   "seats alternating" if args.players == 2
                   else "strong's seat rotating"))
    print_result("strong", r, "moves_per_game", r["moves"])
    if args.write:
        line = daifugo_sentences([r])[0]
        prefix = line[:line.index(" --games") + len(" --games")]
        after = None if (args.players, args.advanced) == (2, False) else \
            "Strong against normal (`tools/bench.py tournament --games"
        write_paragraph(DAIFUGO_TITLE, prefix, line, after)
    return 0
