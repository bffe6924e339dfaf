"""Prime Daifugo on the device: its entry in the app's registry of games
(``primeplay.app.games``) and its screens (``setup_menu``, ``play``).

The registry calls ``setup``, ``check``, ``detail`` and ``resume``; each
imports what it needs when called, so the main menu pays for none of
the game.  ``PREFS``/``sanitize``: the setup menu's remembered choices
(``App.game_prefs("daifugo")``).
"""
# ------------------------------------------------ the app's entry points

# Not LEAN (games.enter): measured on the emulated board, its presses
# answer sooner with the menus kept, and a match fits the board's heap
# with them (test_board_heap).

# From source, compiled first (games.warm): the play screen, the largest
# module (with the rules and the save code it imports), then the computer
# players.  Rules first left the play screen's compile 79 KB free in
# pieces, not enough on the board.
# The setup menu's module: a LEAN game drops it with the menus.
SETUP = "primeplay.daifugo.ui.setup_menu"
WARM = ("primeplay.daifugo.ui.play", "primeplay.daifugo.bot")

# The setup menu's remembered choices (app.game_prefs("daifugo")).
# seats: 0 human, 1 normal computer, 2 strong computer.
PREFS = {
    "players": 2,
    "seats": [0, 2, 2],
    "match": 2,             # games to win the match (the rulebook: 2)
    "zero": 0, "multi59": 0, "multi468": 0, "skip": 0,
    "multi_in_three": 0,    # 0: the optional rule (no multi card in 3)
    "hand_limit": 0,        # 0 or 13 (Q7)
    "strict": 0,
    # The printed cards' hints, on as on the cards.  Builds before the
    # learner's row kept the prime check under "clues" too: a remembered
    # "clues" keeps the hints, and the check ("learner") starts off.
    "clues": 1,
    "learner": 0,           # says prime or not before a play
    # First game: the hand on turn points at a play (ui.guide).  Prefs
    # saved before it load with it off.
    "guide": 0,
}


def sanitize(p):
    """Bring remembered choices from any older build back in range."""
    if p["players"] not in (2, 3):
        p["players"] = 2
    seats = p["seats"]
    if len(seats) != 3 or [s for s in seats if s not in (0, 1, 2)
                           or s is True or s is False]:
        p["seats"] = list(PREFS["seats"])
    if p["match"] not in (1, 2, 3):
        p["match"] = 2
    if p["hand_limit"] not in (0, 13):
        p["hand_limit"] = 0
    for k in ("zero", "multi59", "multi468", "skip", "multi_in_three",
              "strict", "clues", "learner", "guide"):
        if p[k] not in (0, 1):
            p[k] = PREFS[k]


def setup(app):
    """A new match: the setup menu, behind a Loading frame (its import is
    some 0.1 s on a board: the press is answered first)."""
    def job():
        from primeplay.daifugo.ui.setup_menu import DaifugoSetup
        app.go(DaifugoSetup(app))
    app.loading("Prime Daifugo", job)


def check(play):
    """Raise SaveError if the saved game ``play`` is damaged."""
    from primeplay.daifugo.saves import check as check_play
    check_play(play)


def detail(play):
    """Continue's Loading line; ``play`` has passed ``check``."""
    score = play.get("score")
    if isinstance(score, list):
        return "game %d, turn %d" % (sum([s for s in score
                                          if isinstance(s, int)]) + 1,
                                     play["state"]["turn"] + 1)
    return "turn %d" % (play["state"]["turn"] + 1)


def resume(app, play):
    """The saved game's screen (raises what is wrong with it)."""
    import gc
    gc.collect()    # the record's checks' garbage, before the game loads
    from primeplay.daifugo.ui.play import DaifugoPlay
    return DaifugoPlay.resume(app, play)
