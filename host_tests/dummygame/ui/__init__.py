"""The dummy game's entry in the registry: the four entry points and its
remembered settings."""

PREFS = {"first": 0}


def sanitize(p):
    if p["first"] not in (0, 1):
        p["first"] = 0


def setup(app):
    from dummygame.ui.play import Play
    p = app.game_prefs("dummy")
    app.go(Play(app, {"state": _new(p["first"])}))


def _new(first):
    import dummygame
    s = dummygame.new_state()
    s["current"] = first
    return s


def check(play):
    from primeplay.save import SaveError
    s = play.get("state") if isinstance(play, dict) else None
    if not isinstance(s, dict) or type(s.get("count")) != int or \
            not 0 <= s["count"] < 10:
        raise SaveError("bad count")


def detail(play):
    return "count %d" % play["state"]["count"]


def resume(app, play):
    from dummygame.ui.play import Play
    return Play(app, play)
