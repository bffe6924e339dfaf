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


class Hint:
    """The Hint of one position: the moves still to make (``moves``),
    their text, and the legal list of the position it is for (``of``): a
    hint belongs to that position, and any other move or an undo drops it
    (the legal list is new then)."""

    def __init__(self, state, of, moves):
        self.moves = moves
        self.of = of
        self.text = hint_text(state, moves)


class HintRow:
    """The Hint row of one game (``ClimbPlay.hint_row()``): the ``plan``
    (a Hint) worked out for the position on screen, if any."""

    def __init__(self):
        self.plan = None

    def press(self, play):
        """A on the Hint row: work the hint out (the first press), then
        make its next move, one press a move."""
        legal = play.game.legal_moves()
        h = self.plan
        if h is None or h.of is not legal:
            from primeplay.climb.hint import hint
            self.plan = Hint(play.state, legal, hint(play.state))
            return
        if not h.moves:
            return
        rest = h.moves[1:]
        play.make(h.moves[0])
        if rest and play.mode == "move" and play.app.screen is play:
            self.plan = Hint(play.state, play.game.legal_moves(), rest)
            cur = play.cursor
            cur.to_row(len(cur.rows()) - 1)   # stay on the Hint row

    def draw(self, play, sc):
        h = self.plan
        if h is None or h.of is not play.game.legal_moves():
            sc.text(0, 14, "Hint", 2)
            sc.text(0, 52, "A: the best moves")
            return
        if not h.moves:
            sc.text(0, 14, "No hint here.")
            return
        y = 14
        for line in wrap(h.text)[:3]:
            sc.text(0, y, line)
            y += CHAR_H + 1
        sc.text(0, 52, ("A: %s" % hint_text(play.state, h.moves[:1]))[:COLS])
