"""Prime Climb's first game (the setup's "First game: on"): at a human's
turn the play screen (``play``) points at the Hint's next move.

The Hint's plan (``climb.hint``) is worked out by itself, a slice a tick
(``hint_slices``) once the position is on the panel, so no press waits
for the search; the board shown after a roll hides the first of it.  Then
a mark stands over the die (or Keeper, or End turn) the next move uses,
the cursor is put on that move if the player has not pressed since the
position came, and the foot says "A: best move" while the cursor is on
it.  The Hint row shows the same plan, without a press.  When the player
follows the plan its rest is kept; any other move or an undo works out a
new one.  The player still makes every move.

Loaded only with the mode on (``ClimbPlay.guide``); a computer's turn
asks it nothing.
"""

from primeplay.climb.hint import hint_slices
from primeplay.climb.rules import IllegalMove


class Guide:
    """The plan being worked out (``work``, for the position ``work_of``
    of the state ``work_state``), the last human move (``last``: the move
    and the position it was made in), and the positions last drawn
    (``seen``), pressed in (``touched``) and given the cursor on their tip
    (``placed``).  A position is its legal list (Game.legal_moves: one
    list a position, the same list again after an undo back to it, with
    a new state); the plan itself is the Hint row's (``play.hint.plan``)."""

    def __init__(self):
        # The hint's computer player, while the game's Loading frame shows
        # (a game of humans has not loaded it).
        import primeplay.climb.bot  # noqa: F401
        self.work = None
        self.work_of = None
        self.work_state = None
        self.last = None
        self.seen = None
        self.touched = None
        self.placed = None

    def _mine(self, play):
        return play.mode == "move" and not play.is_bot()

    def _plan(self, play, legal):
        row = play.hint
        h = None if row is None else row.plan
        return h if h is not None and h.of is legal else None

    def tip(self, play):
        """The move pointed at, or None: the plan's next, End turn when no
        die is left."""
        if not self._mine(play):
            return None
        legal = play.game.legal_moves()
        if not play.state.dice:
            return ("commit",) if ("commit",) in legal else None
        h = self._plan(play, legal)
        return h.moves[0] if h is not None and h.moves else None

    def moving(self, play, move):
        """A human is making ``move`` (``ClimbPlay.make``).  An undo may
        come back to this position: its tip is pointed at again then."""
        self.last = (move, play.game.legal_moves())
        self.placed = None

    def pressed(self, play):
        """A human's press came: the cursor is the player's now."""
        self.touched = play.game.legal_moves()

    def drawn(self, play):
        """A scene of move mode is drawn: its press has been answered."""
        self.seen = play.game.legal_moves()

    def due(self, play):
        """Will a tick change the picture: a plan to work out, the cursor
        to put on it?"""
        if not self._mine(play):
            return False
        legal = play.game.legal_moves()
        if play.state.dice and self._plan(play, legal) is None:
            return True
        return self.placed is not legal and self.touched is not legal

    def tick(self, play):
        if not self._mine(play):
            # Not a human's move: the positions held go, each a legal list
            # of tuples that would keep a computer's search from the heap.
            self.work = self.work_of = self.work_state = self.last = None
            self.seen = self.touched = self.placed = None
            if play.hint is not None:
                play.hint.drop()
            return
        legal = play.game.legal_moves()
        if play.state.dice and self._plan(play, legal) is None:
            row = play.hint_row()
            old = row.plan
            last = self.last
            if old is not None and last is not None and \
                    old.of is last[1] and old.moves[:1] == [last[0]] and \
                    old.moves[1:2] and old.moves[1] in legal:
                # The plan followed: its rest (as the Hint row keeps it),
                # unless a card drawn on the way (Double Time) has made
                # a move of it illegal.
                try:
                    row.keep(play.state, legal, old.moves[1:])
                except IllegalMove:
                    pass
                self.last = None
                if self._plan(play, legal) is None:
                    return      # worked out from the next tick
            elif self.seen is not legal:
                return      # the press that made the position is answered first
            else:
                if self.work_of is not legal or \
                        self.work_state is not play.state:
                    # (An undo comes back to a position's legal list with
                    # a new state: the old one has moved on.)
                    self.work = hint_slices(play.state)
                    self.work_of = legal
                    self.work_state = play.state
                got = next(self.work)
                if got is None:
                    return
                self.work = self.work_of = self.work_state = None
                row.keep(play.state, legal, got)
        if self.placed is legal or self.touched is legal:
            return
        self.placed = legal
        cur = play.cursor
        m = self.tip(play)
        if m is not None and not cur.on_hint():
            cur.select(m, "move")

    def point(self, play, m, note):
        """(the foot's note, the row of groups() to mark or -1) for the
        move ``m`` under the cursor, whose own note is ``note``: a tuple
        of notes means the first that fits beside the dice."""
        t = self.tip(play)
        if t is None:
            return note, -1
        gs = play.cursor.groups()
        mark = -1
        for i in range(len(gs)):
            if t in gs[i][1]:
                mark = i
                break
        if m == t:
            if t[0] == "commit":
                note = ("A: end turn", "A: end")
            elif note:
                note = ("A: best, " + note, "best, " + note, note)
            else:
                note = ("A: best move", "A: best", "best")
        return note, mark
