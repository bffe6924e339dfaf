"""Prime Climb's Hint row (see ``play``): A shows the moves
``climb.hint`` plans for the rest of the roll, each further A makes the
next of them.  Imported the first time a human looks at the Hint row: a
game of computers never loads it.
"""

from primeplay.app.scene import CHAR_H, CHAR_W, WIDTH, wrap
from primeplay.climb.game import move_preview
from primeplay.climb import rules

COLS = WIDTH // CHAR_W


def hint_text(s, moves):
    """``moves`` in turn from ``s``, as the preview writes each: "a
    26x3=78, b 5+3=8"."""
    probe = s.copy()
    out = []
    for m in moves:
        out.append(move_preview(probe, m)[0])
        rules.apply(probe, m)
    return ", ".join(out)


def press_hint(play):
    """A on the Hint row: work the hint out (the first press), then make
    its next move, one press a move.  A hint belongs to the position it
    was worked out for: any other move or an undo drops it (the legal
    list is new then)."""
    legal = play.game.legal_moves()
    if play.hint is None or play.hint_of is not legal:
        from primeplay.climb.hint import hint
        play.hint = hint(play.state)
        play.hint_of = legal
        play.hint_text = hint_text(play.state, play.hint)
        return
    if not play.hint:
        return
    m = play.hint[0]
    rest = play.hint[1:]
    play._apply(m)
    if rest and play.mode == "move" and play.app.screen is play:
        play.hint = rest
        play.hint_of = play.game.legal_moves()
        play.hint_text = hint_text(play.state, rest)
        play.group = len(play.rows()) - 1   # stay on the Hint row


def draw_hint(play, sc):
    if play.hint is None or play.hint_of is not play.game.legal_moves():
        sc.text(0, 14, "Hint", 2)
        sc.text(0, 52, "A: the best moves")
        return
    if not play.hint:
        sc.text(0, 14, "No hint here.")
        return
    y = 14
    for line in wrap(play.hint_text)[:3]:
        sc.text(0, y, line)
        y += CHAR_H + 1
    sc.text(0, 52, ("A: %s" % hint_text(play.state, play.hint[:1]))[:COLS])
