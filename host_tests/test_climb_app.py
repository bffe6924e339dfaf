"""Prime Climb's play screens at the table, driven through the buttons."""

from hypothesis import given, settings, strategies as st, HealthCheck

from climb_app_helpers import Table
from primeplay.climb.track import ADD


def default_ok(play, last):
    """The cursor a die opens on: the pawn moved last if that die can
    still move it, else pawn a; + if legal, else the first legal op."""
    rows = play.rows()
    dice = [r for r in rows if r[1] and r[1][0][0] == "die"]
    if not dice:
        return True
    moves = dice[0][1]
    pawns = [m[2] for m in moves]
    want = last if last in pawns else 0
    ops = [m[3] for m in moves if m[2] == want]
    cur = play.current_move()
    assert cur in moves, (cur, moves)
    assert cur[2] == want, (cur, last, moves)
    assert cur[3] == (ADD if ADD in ops else ops[0]), (cur, moves)
    return True


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31), st.lists(st.integers(0, 7), min_size=3,
                                       max_size=12))
def test_the_cursor_opens_each_die_on_the_last_pawn_with_plus(seed, picks):
    # The bug: after "b 0+6=6" the next die opened on "a 64/2=32", so two
    # presses of A made a move the player never looked at.
    t = Table(seed=seed, players=2, seats=(0, 0))
    last = [0, 0]
    for k in picks:
        play = t.play
        t.skip_news()
        if play.mode == "roll":
            t.roll()
            t.skip_news()
            continue
        if play.mode != "move":
            break
        p = play.state.current
        assert default_ok(play, last[p])
        rows = play.rows()
        dice = [r for r in rows if r[1] and r[1][0][0] == "die"]
        if not dice:
            m = rows[-1][1][0] if rows[-1][1] else None
            t.choose(("commit",) if ("commit",) in
                     play.game.legal_moves() else m)
            continue
        moves = dice[0][1]
        m = moves[k % len(moves)]
        t.choose(m)
        if m[0] == "die":
            last[p] = m[2]
